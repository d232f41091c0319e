/** The address of the form designer for a form (`/designer/form?WebTemplateNo=N`). */
export const formDesignerHref = (webTemplateNo: number): string =>
  `/designer/form?WebTemplateNo=${webTemplateNo}`;

/** `WebTemplateNo` of the designer's address, or null when it is not a positive whole number. */
export function readDesignerTemplateNo(params: URLSearchParams): number | null {
  return readPositiveParam(params, 'WebTemplateNo');
}

/** A positive whole number of the address (`ProfileId`), or null when absent or not one. */
export function readPositiveParam(params: URLSearchParams, name: string): number | null {
  const text = params.get(name)?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
