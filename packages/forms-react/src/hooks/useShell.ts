import { useContext } from 'react';
import { type Shell, ShellContext } from './shell-context';

/**
 * Returns the shell of the nearest `ShellProvider`: alerts, prompts, toasts, notifications and the
 * loading panel. Throws when there is no provider above.
 *
 * @example
 * const shell = useShell();
 * shell.toast.error('There was an error attempting to save. Please try saving this page again');
 */
export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell() needs a <ShellProvider> above it in the tree.');
  return shell;
}
