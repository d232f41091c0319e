import * as z from 'zod/mini';

/**
 * Wire schemas of forms (web templates) and their records, shared by the server and the
 * renderer. A definition carries `schemaVersion`; the server validates every stored definition
 * with the schema of its version, and the renderer refuses versions it does not know.
 */

/** The definition schema version this package reads and writes. */
export const FORM_SCHEMA_VERSION = 1;

const ElementName = z
  .string()
  .check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'an element name is a letter then letters, digits or _'));

/** What every element has. */
const ElementBase = z.strictObject({
  /** Unique in the form; element permissions (§3 NAME) and server field errors use it. */
  Name: ElementName,
  Label: z.string().check(z.maxLength(200)),
  Hint: z.optional(z.string().check(z.maxLength(1000))),
  /** Spec §4: dirty tracking can be disabled per element. @default true */
  TrackDirty: z.optional(z.boolean()),
});

/** What every element holding a value has. */
const ValueElementBase = z.extend(ElementBase, {
  IsMandatory: z.optional(z.boolean()),
  IsReadOnly: z.optional(z.boolean()),
  /** Spec §5: a change needs the signer's legal name and a reason. */
  IsAudit: z.optional(z.boolean()),
});

export const TextElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('text'),
  MaxLength: z.optional(z.int().check(z.positive(), z.lte(100_000))),
  MinLength: z.optional(z.int().check(z.nonnegative())),
  /** Formatted inputs: native validity is checked on blur (spec §5). */
  Format: z.optional(z.enum(['email', 'url'])),
});

/** Spec §5: digits, numpad keys, plus, backspace and tab only. */
export const PhoneElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('phone'),
  MaxLength: z.optional(z.int().check(z.positive(), z.lte(64))),
});

/** Spec §5: brackets, shift, backspace and the left and right arrows only. */
export const BracketsElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('brackets'),
  MaxLength: z.optional(z.int().check(z.positive(), z.lte(1000))),
});

export const TextAreaElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('textarea'),
  MaxLength: z.optional(z.int().check(z.positive(), z.lte(1_000_000))),
  Rows: z.optional(z.int().check(z.positive(), z.lte(50))),
  /** Offers the timestamp insert (spec §5: text areas only). */
  AllowTimestamp: z.optional(z.boolean()),
});

export const NumberElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('number'),
  Min: z.optional(z.number()),
  Max: z.optional(z.number()),
  Step: z.optional(z.number().check(z.positive())),
});

/** A date, `yyyy-MM-dd`. */
export const DateElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('date'),
  Min: z.optional(z.iso.date()),
  Max: z.optional(z.iso.date()),
});

export const SelectOptionSchema = z.strictObject({
  Value: z.string().check(z.maxLength(200)),
  Label: z.string().check(z.maxLength(200)),
});

export const SelectElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('select'),
  Options: z.array(SelectOptionSchema).check(z.minLength(1), z.maxLength(1000)),
});

export const CheckboxElementSchema = z.extend(ValueElementBase, { Kind: z.literal('checkbox') });

/**
 * An autocomplete picker over a server list (`Source`). Its value is `{ Id, Text }`. Spec §5: the
 * minimum length comes from the field; a mandatory picker keeps its last valid value; emptying the
 * text clears the value; a change clears the elements that depend on it.
 */
export const PickerElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('picker'),
  Source: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,63}$/)),
  /** @default 1 */
  MinLength: z.optional(z.int().check(z.nonnegative(), z.lte(20))),
  /** Elements whose values filter this picker's search; a change to them clears this one. */
  DependsOn: z.optional(z.array(ElementName).check(z.maxLength(10))),
});

/** A file upload; its extension must be in the global supported list (spec §5). */
export const FileElementSchema = z.extend(ValueElementBase, {
  Kind: z.literal('file'),
  /** @default the server's global limit */
  MaxBytes: z.optional(z.int().check(z.positive())),
});

/** A collapsible info message box (collapsed height 20 px). */
export const InfoElementSchema = z.extend(ElementBase, {
  Kind: z.literal('info'),
  Text: z.string().check(z.maxLength(10_000)),
  /** @default false */
  IsCollapsed: z.optional(z.boolean()),
});

/** A button; `search` with `IsDefault` is the default search button Enter submits (spec §5). */
export const ButtonElementSchema = z.extend(ElementBase, {
  Kind: z.literal('button'),
  Action: z.enum(['search', 'save', 'delete', 'reset']),
  IsDefault: z.optional(z.boolean()),
});

/** The result list of a search form. */
export const ResultListElementSchema = z.extend(ElementBase, {
  Kind: z.literal('results'),
  Columns: z
    .array(
      z.strictObject({
        Name: z.string().check(z.maxLength(64)),
        Caption: z.string().check(z.maxLength(200)),
        /** Spec §3 grid schema: a longer text about the column (a tooltip). */
        Description: z.optional(z.string().check(z.maxLength(1000))),
        /** The value shown, when it differs from `Name` (e.g. `Supplier.Text` of a picker). */
        DataTextColumn: z.optional(z.string().check(z.maxLength(128))),
        /** The form that opens for the row from this column, when not the results' form. */
        DataFormId: z.optional(z.int().check(z.positive())),
        /** The process command started for the row from this column. */
        WorkflowId: z.optional(z.int().check(z.positive())),
      }),
    )
    .check(z.minLength(1), z.maxLength(50)),
  /** The form records open in. */
  OpenWebTemplateNo: z.optional(z.int().check(z.positive())),
  /** @default 25 */
  PageSize: z.optional(z.int().check(z.positive(), z.lte(500))),
});

/** Elements that are not tabs. */
export const LeafElementSchema = z.discriminatedUnion('Kind', [
  TextElementSchema,
  PhoneElementSchema,
  BracketsElementSchema,
  TextAreaElementSchema,
  NumberElementSchema,
  DateElementSchema,
  SelectElementSchema,
  CheckboxElementSchema,
  PickerElementSchema,
  FileElementSchema,
  InfoElementSchema,
  ButtonElementSchema,
  ResultListElementSchema,
]);
export type LeafElement = z.infer<typeof LeafElementSchema>;

/** A tab strip; selecting a tab runs the callback `Tab.Select`. */
export const TabsElementSchema = z.extend(ElementBase, {
  Kind: z.literal('tabs'),
  Tabs: z
    .array(
      z.strictObject({
        Name: ElementName,
        Label: z.string().check(z.maxLength(200)),
        Elements: z.array(LeafElementSchema),
      }),
    )
    .check(z.minLength(1), z.maxLength(20)),
});

export const FormElementSchema = z.discriminatedUnion('Kind', [
  ...LeafElementSchema.def.options,
  TabsElementSchema,
]);
export type FormElement = z.infer<typeof FormElementSchema>;
export type FormElementKind = FormElement['Kind'];

/** A form definition (web template). Strict throughout: an unknown field anywhere is refused, not dropped. */
export const FormDefinitionSchema = z
  .strictObject({
    schemaVersion: z.literal(FORM_SCHEMA_VERSION),
    WebTemplateNo: z.int().check(z.positive()),
    Name: z.string().check(z.minLength(1), z.maxLength(100)),
    Title: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The business entity the records belong to (e.g. `supplier`). */
    Entity: z.string().check(z.regex(/^[a-z][a-z0-9-]{0,63}$/)),
    Kind: z.enum(['record', 'search']),
    /** The help topic of the title's help icon (`/help/{topic}`). */
    HelpTopic: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/))),
    Elements: z.array(FormElementSchema).check(z.minLength(1), z.maxLength(1000)),
  })
  .check(
    z.superRefine((definition, ctx) => {
      const seen = new Set<string>();
      const visit = (element: FormElement, path: (string | number)[]) => {
        if (seen.has(element.Name)) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'Name'],
            message: `duplicate element name ${element.Name}`,
          });
        }
        seen.add(element.Name);
        if (element.Kind === 'tabs') {
          element.Tabs.forEach((tab, t) => {
            tab.Elements.forEach((child, c) => {
              visit(child, [...path, 'Tabs', t, 'Elements', c]);
            });
          });
        }
      };
      definition.Elements.forEach((element, i) => {
        visit(element, ['Elements', i]);
      });
    }),
  );
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;

/** A picker's value. */
export const PickerValueSchema = z.object({
  Id: z.string().check(z.maxLength(64)),
  Text: z.string().check(z.maxLength(500)),
});
export type PickerValue = z.infer<typeof PickerValueSchema>;

/** A stored file's reference (the upload answer). */
export const FileRefSchema = z.object({
  Id: z.string().check(z.maxLength(64)),
  FileName: z.string().check(z.maxLength(255)),
  Size: z.int().check(z.nonnegative()),
  ContentType: z.string().check(z.maxLength(200)),
});
export type FileRef = z.infer<typeof FileRefSchema>;

/** A field value: text (text, phone, brackets, textarea, date `yyyy-MM-dd`, select), number, boolean, picker, file or empty. */
export const FieldValueSchema = z.union([
  z.string().check(z.maxLength(1_000_000)),
  z.number(),
  z.boolean(),
  PickerValueSchema,
  FileRefSchema,
  z.null(),
]);
export type FieldValue = z.infer<typeof FieldValueSchema>;

export const FieldValuesSchema = z.record(ElementName, FieldValueSchema);
export type FieldValues = z.infer<typeof FieldValuesSchema>;

/** Spec §3 permission record, for one element of a form and the signed-in owner. */
export const ElementPermissionSchema = z.object({
  NAME: ElementName,
  ElementHidden: z.boolean(),
  ElementLocked: z.boolean(),
});
export type ElementPermission = z.infer<typeof ElementPermissionSchema>;

/** `GET forms/{WebTemplateNo}`: the definition and the signed-in user's element permissions. */
export const FormResponseSchema = z.object({
  Definition: FormDefinitionSchema,
  Permissions: z.array(ElementPermissionSchema),
  /** The global supported file extension list (lower case, without the dot). */
  SupportedFileExtensions: z.array(z.string()),
  MaxUploadBytes: z.int().check(z.positive()),
  /**
   * When the stored definition last changed (ISO UTC), with `UpdatedBy`: the definition's version
   * stamp (`schemaVersion` is its format). Absent from servers before the developer bar.
   */
  DefinitionUpdatedAt: z.optional(z.string()),
});
export type FormResponse = z.infer<typeof FormResponseSchema>;

/** `GET pickers/{source}?text=&dep.{Name}=` answer. */
export const PickerSearchResultSchema = z.object({ Items: z.array(PickerValueSchema), HasMore: z.boolean() });
