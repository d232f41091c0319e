/**
 * What a translation names (the server's docs/protocol.md "Translations"): `DbEntityId` 1 is a
 * form (`ParentId` its WebTemplateNo; `PropertyId` 1 a label, 2 the title, 3 a result column
 * header), 2 a navigation node (`ParentId` the profile, `PropertyId` the node's id).
 */
export const TranslationEntity = { Form: 1, Navigation: 2 } as const;
/** `PropertyId` of a form's texts. */
export const FormTextProperty = { Label: 1, Title: 2, ColumnCaption: 3 } as const;

/** One translatable text, as the translation prompt reads and saves it. */
export interface TranslationTarget {
  commandElementName: string;
  dbEntityId: number;
  parentId: number;
  propertyId: number;
  /** The text as shown now: names the prompt and its Translate button. */
  label: string;
}

/** An element's or tab's label. */
export const labelTarget = (webTemplateNo: number, name: string, label: string): TranslationTarget => ({
  commandElementName: name,
  dbEntityId: TranslationEntity.Form,
  parentId: webTemplateNo,
  propertyId: FormTextProperty.Label,
  label,
});

/** A result column's header. */
export const columnTarget = (
  webTemplateNo: number,
  resultsName: string,
  column: { Name: string; Caption: string },
): TranslationTarget => ({
  commandElementName: `${resultsName}.${column.Name}`,
  dbEntityId: TranslationEntity.Form,
  parentId: webTemplateNo,
  propertyId: FormTextProperty.ColumnCaption,
  label: column.Caption,
});

/** A form's title. */
export const formTitleTarget = (definition: {
  WebTemplateNo: number;
  Name: string;
  Title: string;
}): TranslationTarget => ({
  commandElementName: definition.Name,
  dbEntityId: TranslationEntity.Form,
  parentId: definition.WebTemplateNo,
  propertyId: FormTextProperty.Title,
  label: definition.Title,
});

/** A navigation node's title. */
export const navigationTarget = (
  profileId: number,
  node: { id: number; title: string },
): TranslationTarget => ({
  commandElementName: 'Title',
  dbEntityId: TranslationEntity.Navigation,
  parentId: profileId,
  propertyId: node.id,
  label: node.title,
});
