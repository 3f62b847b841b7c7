import {
  headlessPlatform,
  type Confirmation,
  type DesktopNotice,
  type Platform,
} from '../../main/platform.ts';

/**
 * A desktop whose clipboard and file dialogs answer what the test puts in them, and which records the
 * notifications it is asked to show. Main takes the clipboard once (it is empty afterwards), as the
 * real shell does.
 */
export interface ScriptedDesktop {
  readonly platform: Platform;
  /** What the clipboard holds (main's copies land here too); undefined when empty. */
  clipboard: string | undefined;
  /** What the open dialog picks; undefined = the user cancels. */
  openFile: string | undefined;
  /** What the save dialog picks; undefined = the user cancels. */
  saveFile: string | undefined;
  /** Every desktop notification main raised, oldest first. */
  readonly notices: DesktopNotice[];
  /** How the person answers main's native confirmations: true presses the action, false cancels. */
  confirmAnswer: boolean;
  /** Every native confirmation main asked, oldest first. */
  readonly confirmations: Confirmation[];
}

export function scriptedDesktop(): ScriptedDesktop {
  const desktop: ScriptedDesktop = {
    clipboard: undefined,
    openFile: undefined,
    saveFile: undefined,
    notices: [],
    confirmAnswer: true,
    confirmations: [],
    platform: {
      ...headlessPlatform,
      takeSecretFromClipboard: () => {
        const text = desktop.clipboard;
        desktop.clipboard = undefined;
        return Promise.resolve(text);
      },
      writeToClipboard: (text) => {
        desktop.clipboard = text;
        return Promise.resolve(true);
      },
      chooseFileToOpen: () => Promise.resolve(desktop.openFile),
      chooseFileToSave: () => Promise.resolve(desktop.saveFile),
      notify: (notice) => void desktop.notices.push({ ...notice }),
      confirm: (question) => {
        desktop.confirmations.push(question);
        return Promise.resolve(desktop.confirmAnswer);
      },
    },
  };
  return desktop;
}
