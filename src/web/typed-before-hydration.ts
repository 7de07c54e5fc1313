// What a person types into a server-rendered field before the page's script has run is theirs, but
// hydrating a controlled field resets it to the state it was rendered with. The entry notes what was
// typed just before hydrating; each controlled field takes its own value back once it has mounted
// (fields inside a Suspense boundary hydrate later than the page, so only the field knows when).
import { useEffect, type RefObject } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;
const SKIPPED_TYPES = new Set(['hidden', 'checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image']);
const typed = new WeakMap<Element, string>();

/** Called by the entry just before hydrateRoot. */
export function noteTypedFields(root: ParentNode): void {
  for (const field of root.querySelectorAll<Field>('input, textarea')) {
    if (!SKIPPED_TYPES.has(field.type) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
}

/** A controlled field's hook: hands what was typed before hydration to `apply`, once. */
export function useTypedBeforeHydration(ref: RefObject<Field | null>, apply: (value: string) => void): void {
  useEffect(() => {
    const field = ref.current;
    const value = field ? typed.get(field) : undefined;
    if (field === null || value === undefined) return;
    typed.delete(field);
    apply(value);
    // Once, when the field mounts: `apply` may change identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref]);
}
