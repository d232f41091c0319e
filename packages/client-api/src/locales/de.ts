import type { MessageKey } from '../messages';

/**
 * The German §8 messages: every key of client-api's `Messages`. The English ones stay the wire's
 * and the tests' (the spec's exact wording); these are what a German user reads. Give them to
 * `ProcedoTexts` as `messages` (`@procedo/texts`); loaded on demand, so English-only apps never ship them.
 */
export const MESSAGES_DE: Readonly<Record<MessageKey, string>> = Object.freeze<Record<MessageKey, string>>({
  parentDataExpired:
    'Die Daten der übergeordneten Seite sind abgelaufen oder ungültig. Aktualisieren Sie die übergeordnete Datenquelle (Suchergebnisse oder Seite). Wenn das Problem weiterhin besteht, wenden Sie sich bitte an den Systemadministrator.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen.',
  popupBlocked:
    'Ein Popup-Fenster konnte nicht geöffnet werden. Bitte stellen Sie sicher, dass Popup-Fenster für diese Website erlaubt sind.',
  pageLoadError:
    'Beim Laden dieser Seite ist ein Fehler aufgetreten. Einige Funktionen funktionieren möglicherweise nicht.',
  tabSelectError: 'Server: Fehler beim Auswählen des Registers',
  unknownLanguage: 'Unbekannte Sprache',
  localSettingsStoreNoDatabase: 'Lokale Einstellungen können ohne Datenbank-ID nicht gespeichert werden',
  localSettingsRetrieveNoDatabase: 'Lokale Einstellungen können ohne Datenbank-ID nicht gelesen werden',
  localSettingsRemoveNoDatabase: 'Lokale Einstellungen können ohne Datenbank-ID nicht entfernt werden',
  silentPostbackNoWindow:
    'Stilles Zurücksenden: Beim Speichern der Vorlage konnte kein Fenster erstellt werden',
  saveFailed: 'Beim Speichern ist ein Fehler aufgetreten. Bitte speichern Sie diese Seite erneut',
  clientApiInitFailed: 'Die Client-API des Produkts konnte nicht initialisiert werden',
  invalidXml: 'Ungültiges XML gefunden',
  processPartEnded: 'Dieser Teil des Prozesses ist beendet.',
  stepReset: 'Der Schritt wurde zurückgesetzt',
  stepChainReset: 'Die Schrittkette wurde zurückgesetzt',
  processReset: 'Der Prozess wurde zurückgesetzt',
  getDataOfIdCallbackFailed: 'Der Ajax-Rückruf für GetDataOfId konnte nicht eingerichtet werden',
  siteMapLoadError: 'Fehler beim Laden der Navigationseinträge des Profils',
  fileTypeNotSupported: 'Dieser Dateityp wird nicht unterstützt.',
  commandNotSelected: 'Es muss ein Befehl ausgewählt werden',
  unknownProcessStep: 'Unbekannter Benutzerprozessschritt.',
  processCommandIdMissing: 'Ohne Befehls-ID kann kein Prozess angelegt, gestartet oder geöffnet werden',
  processHasNoTasks: 'Der neue Prozess enthält keine Aufgaben.',
  enterProcessName: 'Geben Sie einen Namen für den neuen Prozess ein',
  countOn: 'Zählung ist an.',
  countOff:
    'Zählung ist aus. Klicken, um die Anzahl anzuzeigen. (Große Abfragen können einige Minuten dauern)',
  legacyCallFailed: 'FEHLER',
});
