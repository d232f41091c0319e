/**
 * `@procedo/forms-react/developer`: the developer bar and its Customise Context dialog (spec §2,
 * §6), a separate entry so that only the pages of users with the design-mode permission load them
 * (with react-aria's menu, popover and toolbar). The permissions mode it switches
 * (`usePermissionsMode`) stays in the main entry.
 */
export type { CustomiseContextDialogProps } from './developer/CustomiseContextDialog';
export { CustomiseContextDialog } from './developer/CustomiseContextDialog';
export type {
  DeveloperBarLinks,
  DeveloperBarProps,
  DeveloperFormInfo,
} from './developer/DeveloperBar';
export { DeveloperBar } from './developer/DeveloperBar';
export type { DeveloperBarLabels } from './developer/labels';
export { DEVELOPER_BAR_LABELS } from './developer/labels';
