export {
  type Clock,
  createManualClock,
  type IntervalHandle,
  type ManualClock,
  type ManualClockOptions,
  systemClock,
  systemTimers,
  type Timers,
} from './clock';
export {
  createLocalSettings,
  type LocalSettings,
  LocalSettingsError,
  LocalSettingsMessages,
  type LocalSettingsOperation,
  type LocalSettingsOptions,
  type StorageLike,
} from './local-settings';
export {
  createSessionManager,
  SERVER_TIMEOUT_MARGIN_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_WARN_BEFORE_MS,
  SESSION_WARNING_CHECK_INTERVAL_MS,
  type SessionManager,
  type SessionManagerOptions,
  type SessionSnapshot,
  type SessionStatus,
} from './session-manager';
export {
  createTimer,
  TIMER_DEFAULT_FREQUENCY_MS,
  TIMER_MIN_REPEAT_MS,
  type Timer,
  type TimerOptions,
  type TimerTickEvent,
} from './timer';
