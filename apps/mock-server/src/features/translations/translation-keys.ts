import type { FormDefinition, FormElement, SiteMapNode } from '@procedo/client-api';
import type { TranslationKey } from './translations-store';

/**
 * What a translation's `DbEntityId` / `ParentId` / `PropertyId` / `CommandElementName` name
 * (docs/protocol.md "Translations"):
 * - DbEntityId 1, a form: ParentId is its WebTemplateNo; PropertyId 1 an element's or tab's label
 *   (CommandElementName its Name), 2 the form's title (CommandElementName the form's Name), 3 a
 *   result column's header (CommandElementName `<results Name>.<column Name>`).
 * - DbEntityId 2, a navigation node: ParentId is the profile, PropertyId the node's Id,
 *   CommandElementName `Title` or `Description`.
 */
export const DbEntity = { Form: 1, Navigation: 2 } as const;
export const FormProperty = { Label: 1, Title: 2, ColumnCaption: 3 } as const;
export const NAVIGATION_FIELDS = ['Title', 'Description'] as const;

/** One translatable text and its default-language wording. */
export interface TranslatableText {
  key: TranslationKey;
  text: string;
}

/** The lookup of one language's texts: a key's translation, or undefined to keep the default. */
export type TextLookup = (key: TranslationKey) => string | undefined;

/** The map key of a {@link TranslationKey}. */
export const keyString = (key: TranslationKey): string =>
  `${key.dbEntityId}:${key.parentId}:${key.propertyId}:${key.elementName}`;

const formKey = (no: number, propertyId: number, elementName: string): TranslationKey => ({
  dbEntityId: DbEntity.Form,
  parentId: no,
  propertyId,
  elementName,
});

/** Every translatable text of a form definition: its title, each label, each column header. */
export function formTexts(definition: FormDefinition): TranslatableText[] {
  const no = definition.WebTemplateNo;
  const texts: TranslatableText[] = [
    { key: formKey(no, FormProperty.Title, definition.Name), text: definition.Title },
  ];
  const visit = (element: FormElement) => {
    texts.push({ key: formKey(no, FormProperty.Label, element.Name), text: element.Label });
    if (element.Kind === 'results') {
      for (const column of element.Columns) {
        texts.push({
          key: formKey(no, FormProperty.ColumnCaption, `${element.Name}.${column.Name}`),
          text: column.Caption,
        });
      }
    }
    if (element.Kind === 'tabs') {
      for (const tab of element.Tabs) {
        texts.push({ key: formKey(no, FormProperty.Label, tab.Name), text: tab.Label });
        for (const child of tab.Elements) visit(child);
      }
    }
  };
  for (const element of definition.Elements) visit(element);
  return texts;
}

/** The definition with each text that has a translation in `lookup` replaced; the rest stays. */
export function translateDefinition(definition: FormDefinition, lookup: TextLookup): FormDefinition {
  const no = definition.WebTemplateNo;
  const text = (propertyId: number, name: string, fallback: string) =>
    lookup(formKey(no, propertyId, name)) ?? fallback;
  const translateElement = <E extends FormElement>(element: E): E => {
    const translated = { ...element, Label: text(FormProperty.Label, element.Name, element.Label) };
    if (translated.Kind === 'results') {
      translated.Columns = translated.Columns.map((column) => ({
        ...column,
        Caption: text(FormProperty.ColumnCaption, `${translated.Name}.${column.Name}`, column.Caption),
      }));
    }
    if (translated.Kind === 'tabs') {
      translated.Tabs = translated.Tabs.map((tab) => ({
        ...tab,
        Label: text(FormProperty.Label, tab.Name, tab.Label),
        Elements: tab.Elements.map(translateElement),
      }));
    }
    return translated;
  };
  return {
    ...definition,
    Title: text(FormProperty.Title, definition.Name, definition.Title),
    Elements: definition.Elements.map(translateElement),
  };
}

/** The default-language text a form key names, or undefined when the form has no such text. */
export function formText(definition: FormDefinition, key: TranslationKey): string | undefined {
  const wanted = keyString(key);
  return formTexts(definition).find((entry) => keyString(entry.key) === wanted)?.text;
}

const navigationKey = (profileId: number, nodeId: number, field: string): TranslationKey => ({
  dbEntityId: DbEntity.Navigation,
  parentId: profileId,
  propertyId: nodeId,
  elementName: field,
});

/** Every translatable text of a profile's navigation nodes (title and description). */
export function navigationTexts(
  profileId: number,
  nodes: readonly { id: number; title: string; description: string | null }[],
): TranslatableText[] {
  return nodes.flatMap((node) => [
    { key: navigationKey(profileId, node.id, 'Title'), text: node.title },
    ...(node.description
      ? [{ key: navigationKey(profileId, node.id, 'Description'), text: node.description }]
      : []),
  ]);
}

/** A profile's site map with each node's title and description in the lookup's language where it has them. */
export function translateSiteMap(profileId: number, nodes: SiteMapNode[], lookup: TextLookup): SiteMapNode[] {
  return nodes.map((node) => {
    const id = node.id;
    if (id === undefined) return { ...node, children: translateSiteMap(profileId, node.children, lookup) };
    return {
      ...node,
      title: lookup(navigationKey(profileId, id, 'Title')) ?? node.title,
      description:
        node.description === null
          ? null
          : (lookup(navigationKey(profileId, id, 'Description')) ?? node.description),
      children: translateSiteMap(profileId, node.children, lookup),
    };
  });
}
