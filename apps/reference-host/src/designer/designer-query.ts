/** The address of the form designer for a form (`/designer/form?WebTemplateNo=N`). */
export const formDesignerHref = (webTemplateNo: number): string =>
  `/designer/form?WebTemplateNo=${webTemplateNo}`;

/** The address of the process command designer for a command (`/designer/command?CommandId=N`). */
export const commandDesignerHref = (commandId: number): string => `/designer/command?CommandId=${commandId}`;

/** A positive whole number of the address (`WebTemplateNo`, `CommandId`, `ProfileId`), or null when absent or not one. */
export function readPositiveParam(params: URLSearchParams, name: string): number | null {
  const text = params.get(name)?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** `WebTemplateNo` of the designer's address, or null when it is not a positive whole number. */
export const readDesignerTemplateNo = (params: URLSearchParams): number | null =>
  readPositiveParam(params, 'WebTemplateNo');

/** `CommandId` of the command designer's address, or null when it is not a positive whole number. */
export const readDesignerCommandId = (params: URLSearchParams): number | null =>
  readPositiveParam(params, 'CommandId');
