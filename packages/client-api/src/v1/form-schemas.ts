import * as z from 'zod';

/**
 * Wire schemas of forms (web templates) and their records, shared by the server and the
 * renderer. A definition carries `schemaVersion`; the server validates every stored definition
 * with the schema of its version, and the renderer refuses versions it does not know.
 */

/** The definition schema version this package reads and writes. */
export const FORM_SCHEMA_VERSION = 1;

const ElementName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'an element name is a letter then letters, digits or _');

/** What every element has. */
const ElementBase = z.object({
  /** Unique in the form; element permissions (§3 NAME) and server field errors use it. */
  Name: ElementName,
  Label: z.string().max(200),
  Hint: z.string().max(1000).optional(),
  /** Spec §4: dirty tracking can be disabled per element. @default true */
  TrackDirty: z.boolean().optional(),
});

/** What every element holding a value has. */
const ValueElementBase = ElementBase.extend({
  IsMandatory: z.boolean().optional(),
  IsReadOnly: z.boolean().optional(),
  /** Spec §5: a change needs the signer's legal name and a reason. */
  IsAudit: z.boolean().optional(),
});

export const TextElementSchema = ValueElementBase.extend({
  Kind: z.literal('text'),
  MaxLength: z.number().int().positive().max(100_000).optional(),
  MinLength: z.number().int().nonnegative().optional(),
  /** Formatted inputs: native validity is checked on blur (spec §5). */
  Format: z.enum(['email', 'url']).optional(),
});

/** Spec §5: digits, numpad keys, plus, backspace and tab only. */
export const PhoneElementSchema = ValueElementBase.extend({
  Kind: z.literal('phone'),
  MaxLength: z.number().int().positive().max(64).optional(),
});

/** Spec §5: brackets, shift, backspace and the left and right arrows only. */
export const BracketsElementSchema = ValueElementBase.extend({
  Kind: z.literal('brackets'),
  MaxLength: z.number().int().positive().max(1000).optional(),
});

export const TextAreaElementSchema = ValueElementBase.extend({
  Kind: z.literal('textarea'),
  MaxLength: z.number().int().positive().max(1_000_000).optional(),
  Rows: z.number().int().positive().max(50).optional(),
  /** Offers the timestamp insert (spec §5: text areas only). */
  AllowTimestamp: z.boolean().optional(),
});

export const NumberElementSchema = ValueElementBase.extend({
  Kind: z.literal('number'),
  Min: z.number().optional(),
  Max: z.number().optional(),
  Step: z.number().positive().optional(),
});

/** A date, `yyyy-MM-dd`. */
export const DateElementSchema = ValueElementBase.extend({
  Kind: z.literal('date'),
  Min: z.iso.date().optional(),
  Max: z.iso.date().optional(),
});

export const SelectOptionSchema = z.object({ Value: z.string().max(200), Label: z.string().max(200) });

export const SelectElementSchema = ValueElementBase.extend({
  Kind: z.literal('select'),
  Options: z.array(SelectOptionSchema).min(1).max(1000),
});

export const CheckboxElementSchema = ValueElementBase.extend({ Kind: z.literal('checkbox') });

/**
 * An autocomplete picker over a server list (`Source`). Its value is `{ Id, Text }`. Spec §5: the
 * minimum length comes from the field; a mandatory picker keeps its last valid value; emptying the
 * text clears the value; a change clears the elements that depend on it.
 */
export const PickerElementSchema = ValueElementBase.extend({
  Kind: z.literal('picker'),
  Source: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
  /** @default 1 */
  MinLength: z.number().int().nonnegative().max(20).optional(),
  /** Elements whose values filter this picker's search; a change to them clears this one. */
  DependsOn: z.array(ElementName).max(10).optional(),
});

/** A file upload; its extension must be in the global supported list (spec §5). */
export const FileElementSchema = ValueElementBase.extend({
  Kind: z.literal('file'),
  /** @default the server's global limit */
  MaxBytes: z.number().int().positive().optional(),
});

/** A collapsible info message box (collapsed height 20 px). */
export const InfoElementSchema = ElementBase.extend({
  Kind: z.literal('info'),
  Text: z.string().max(10_000),
  /** @default false */
  IsCollapsed: z.boolean().optional(),
});

/** A button; `search` with `IsDefault` is the default search button Enter submits (spec §5). */
export const ButtonElementSchema = ElementBase.extend({
  Kind: z.literal('button'),
  Action: z.enum(['search', 'save', 'delete', 'reset']),
  IsDefault: z.boolean().optional(),
});

/** The result list of a search form. */
export const ResultListElementSchema = ElementBase.extend({
  Kind: z.literal('results'),
  Columns: z
    .array(z.object({ Name: z.string().max(64), Caption: z.string().max(200) }))
    .min(1)
    .max(50),
  /** The form records open in. */
  OpenWebTemplateNo: z.number().int().positive().optional(),
  /** @default 25 */
  PageSize: z.number().int().positive().max(500).optional(),
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
export const TabsElementSchema = ElementBase.extend({
  Kind: z.literal('tabs'),
  Tabs: z
    .array(z.object({ Name: ElementName, Label: z.string().max(200), Elements: z.array(LeafElementSchema) }))
    .min(1)
    .max(20),
});

export const FormElementSchema = z.discriminatedUnion('Kind', [
  ...LeafElementSchema.options,
  TabsElementSchema,
]);
export type FormElement = z.infer<typeof FormElementSchema>;
export type FormElementKind = FormElement['Kind'];

/** A form definition (web template). */
export const FormDefinitionSchema = z
  .object({
    schemaVersion: z.literal(FORM_SCHEMA_VERSION),
    WebTemplateNo: z.number().int().positive(),
    Name: z.string().min(1).max(100),
    Title: z.string().min(1).max(200),
    /** The business entity the records belong to (e.g. `supplier`). */
    Entity: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
    Kind: z.enum(['record', 'search']),
    /** The help topic of the title's help icon (`/help/{topic}`). */
    HelpTopic: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional(),
    Elements: z.array(FormElementSchema).min(1).max(1000),
  })
  .superRefine((definition, ctx) => {
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
  });
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;

/** A picker's value. */
export const PickerValueSchema = z.object({ Id: z.string().max(64), Text: z.string().max(500) });
export type PickerValue = z.infer<typeof PickerValueSchema>;

/** A stored file's reference (the upload answer). */
export const FileRefSchema = z.object({
  Id: z.string().max(64),
  FileName: z.string().max(255),
  Size: z.number().int().nonnegative(),
  ContentType: z.string().max(200),
});
export type FileRef = z.infer<typeof FileRefSchema>;

/** A field value: text (text, phone, brackets, textarea, date `yyyy-MM-dd`, select), number, boolean, picker, file or empty. */
export const FieldValueSchema = z.union([
  z.string().max(1_000_000),
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
  MaxUploadBytes: z.number().int().positive(),
});
export type FormResponse = z.infer<typeof FormResponseSchema>;

/** A record version as read: values of hidden elements are never sent. */
export const RecordSchema = z.object({
  Id: z.number().int().positive(),
  Entity: z.string(),
  Version: z.number().int().positive(),
  IsDeleted: z.boolean(),
  Values: FieldValuesSchema,
  /** Who saved this version (user name) and when (ISO UTC). */
  UpdatedBy: z.string(),
  UpdatedAt: z.iso.datetime(),
});
export type RecordVersion = z.infer<typeof RecordSchema>;

/** The audit sign-off a change to an audit-flagged field carries (spec §3 audit form fields). */
export const AuditSignOffSchema = z.strictObject({
  AuditDataChangeESig: z.string().trim().min(1).max(200),
  AuditDataChangeReason: z.string().trim().min(1).max(2000),
});

/** `POST forms/{no}/records` body. */
export const CreateRecordRequestSchema = z.strictObject({
  Values: FieldValuesSchema,
  Audit: AuditSignOffSchema.optional(),
});

/** `PUT forms/{no}/records/{id}` body: the version the edit started from, and the changed values. */
export const UpdateRecordRequestSchema = z.strictObject({
  Version: z.number().int().positive(),
  Values: FieldValuesSchema,
  Audit: AuditSignOffSchema.optional(),
});

/** `DELETE forms/{no}/records/{id}` body. */
export const DeleteRecordRequestSchema = z.strictObject({
  Version: z.number().int().positive(),
  Audit: AuditSignOffSchema.optional(),
});

/** 409 body of a stale update: the current values beside the error. */
export const ConflictBodySchema = z.object({
  Message: z.string(),
  Code: z.literal('VERSION_CONFLICT'),
  Current: RecordSchema,
});

/** `GET pickers/{source}?text=&dep.{Name}=` answer. */
export const PickerSearchResultSchema = z.object({ Items: z.array(PickerValueSchema), HasMore: z.boolean() });

/** `GET forms/{no}/search?…` answer: one page of rows of the result list. */
export const SearchResultSchema = z.object({
  Rows: z.array(z.object({ Id: z.number().int().positive(), Values: FieldValuesSchema })),
  Page: z.number().int().nonnegative(),
  PageSize: z.number().int().positive(),
  Total: z.number().int().nonnegative().nullable(),
});
