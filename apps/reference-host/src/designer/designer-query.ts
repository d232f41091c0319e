/** The address of the form designer for a form (`/designer/form?WebTemplateNo=N`). */
export const formDesignerHref = (webTemplateNo: number): string =>
  `/designer/form?WebTemplateNo=${webTemplateNo}`;

/** `WebTemplateNo` of the designer's address, or null when it is not a positive whole number. */
export function readDesignerTemplateNo(params: URLSearchParams): number | null {
  return positiveWhole(params.get('WebTemplateNo'));
}

function positiveWhole(value: string | null): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const no = Number(text);
  return Number.isSafeInteger(no) && no > 0 ? no : null;
}

/** The address of the process command designer for a command (`/designer/command?CommandId=N`). */
export const commandDesignerHref = (commandId: number): string => `/designer/command?CommandId=${commandId}`;

/** `CommandId` of the command designer's address, or null when it is not a positive whole number. */
export function readDesignerCommandId(params: URLSearchParams): number | null {
  return positiveWhole(params.get('CommandId'));
}
