/**
 * A lower feature's need that a higher feature meets (decision 0314). Features import only lower layers
 * (decision 0145), so a lower feature names the functions it needs here and each higher feature fills
 * its part from its own plugin: app.ts only registers plugins. `check()` runs at ready, so an unfilled
 * part stops the app at start rather than failing a request.
 */
export interface ExtensionPoint<T extends object> {
  /** The filled parts; read them at request time (after ready), never while plugins register. */
  readonly parts: T;
  fill(more: Partial<T>): void;
  check(): void;
}

export function extensionPoint<T extends object>(owner: string, names: readonly (keyof T & string)[]): ExtensionPoint<T> {
  const parts: Partial<T> = {};
  return {
    parts: parts as T,
    fill(more) {
      for (const name of Object.keys(more) as (keyof T & string)[]) {
        if (!names.includes(name)) throw new Error(`${owner} has no extension named ${name}`);
        if (parts[name] !== undefined) throw new Error(`${owner}: ${name} is filled twice`);
      }
      Object.assign(parts, more);
    },
    check() {
      const missing = names.filter((name) => parts[name] === undefined);
      if (missing.length > 0) throw new Error(`${owner}: no plugin filled ${missing.join(', ')} (register the feature that provides it)`);
    },
  };
}
