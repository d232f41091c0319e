/**
 * Copies text to the system clipboard; resolves `false` instead of throwing when the browser has
 * no async clipboard (insecure origin, old browser, server render) or refuses the write.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard || typeof clipboard.writeText !== 'function') return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch (error) {
    // Browsers refuse the write when the document has no focus or permission is denied.
    console.warn('Unable to copy the text to the clipboard', error);
    return false;
  }
}
