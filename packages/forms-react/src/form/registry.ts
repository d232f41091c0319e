import type { FormElement, FormElementKind } from '@procedo/client-api';
import type { ComponentType } from 'react';
import type { FormStore } from './state/form-store';

/** Props every registered element component receives; `element` and `store` stay the same object between renders. */
export interface FieldComponentProps<E extends FormElement = FormElement> {
  element: E;
  store: FormStore;
}

/** A component rendering one element kind. */
// biome-ignore lint/suspicious/noExplicitAny: each kind's component takes its own element type.
export type FieldComponent = ComponentType<FieldComponentProps<any>>;

/** Element components keyed by the definition's `Kind` (form-js style). */
export interface FieldRegistry {
  /** The component of a kind, or `undefined` for a kind nobody registered. */
  get(kind: string): FieldComponent | undefined;
  /** Registers (or replaces) the component of a kind; returns the registry. */
  register(kind: FormElementKind | (string & {}), component: FieldComponent): FieldRegistry;
  /** The registered kinds. */
  kinds(): string[];
}

/** Options of {@link createFieldRegistry}. */
export interface FieldRegistryOptions {
  /** Components by kind, added on top of `base`. @default {} */
  components?: Readonly<Record<string, FieldComponent>>;
  /** A registry whose components this one starts from (copied, not shared). @default undefined (empty) */
  base?: FieldRegistry;
}

/**
 * Creates a registry of element components keyed by `Kind`.
 *
 * @example createFieldRegistry({ base: defaultFieldRegistry, components: { picker: MyPicker } })
 */
export function createFieldRegistry(options: FieldRegistryOptions = {}): FieldRegistry {
  const components = new Map<string, FieldComponent>();
  if (options.base)
    for (const kind of options.base.kinds()) components.set(kind, options.base.get(kind) as FieldComponent);
  for (const [kind, component] of Object.entries(options.components ?? {})) components.set(kind, component);
  const registry: FieldRegistry = {
    get: (kind) => components.get(kind),
    register(kind, component) {
      components.set(kind, component);
      return registry;
    },
    kinds: () => [...components.keys()],
  };
  return registry;
}
