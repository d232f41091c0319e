import type { FormElement } from '@procedo/client-api';
import { memo } from 'react';
import { useFormRendererContext } from '../hooks/form-context';
import type { FieldRegistry } from '../registry';
import { UnknownField } from './UnknownField';

const warnedKinds = new WeakMap<FieldRegistry, Set<string>>();

// STYLE §2: an unknown kind renders a placeholder and logs once per kind, never crashing the form.
function warnUnknownKind(registry: FieldRegistry, kind: string) {
  let warned = warnedKinds.get(registry);
  if (!warned) {
    warned = new Set();
    warnedKinds.set(registry, warned);
  }
  if (warned.has(kind)) return;
  warned.add(kind);
  console.warn(`Procedo form: no component is registered for the element kind "${kind}"`);
}

/** Renders elements in order through the registry (used by the renderer and by each tab panel). */
export const FormElements = memo(function FormElements({ elements }: { elements: readonly FormElement[] }) {
  const { store, registry } = useFormRendererContext();
  return (
    <>
      {elements.map((element) => {
        if (store.isHidden(element.Name)) return null;
        const Component = registry.get(element.Kind);
        if (!Component) {
          warnUnknownKind(registry, element.Kind);
          return <UnknownField key={element.Name} kind={element.Kind} name={element.Name} />;
        }
        return <Component key={element.Name} element={element} store={store} />;
      })}
    </>
  );
});
