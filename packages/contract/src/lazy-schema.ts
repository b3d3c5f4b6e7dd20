/**
 * A schema that is built the first time it is used, not when its module is
 * loaded. Zod 4 does real work for every schema it constructs, and the
 * contract's few hundred schemas cost a phone about a quarter of a second
 * while the console starts (one long task that held back every first screen;
 * docs/decisions/0020-lazy-contract-schemas.md). A screen now builds only the
 * schemas of the calls it makes.
 *
 * The value stands for the schema itself (a Proxy): `safeParse`, `.nullable()`,
 * `instanceof`, `'safeParse' in schema` and zod's own internals see the built
 * schema, so the server's validation and the console's client use it unchanged.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined
  const schema = (): T => (built ??= build())
  // The proxy's own target is a stand-in; every question goes to the built schema.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key)
      // A proxy may not report a property its stand-in target lacks as non-configurable (zod's `_zod` is).
      return descriptor && { ...descriptor, configurable: true }
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  })
}

/**
 * A field's rule that the console also runs in the browser, before it sends (the Import RSS and Rename
 * dialogs). Built on first use like any other schema; the name is what tells the browser's build to keep
 * its code, where the code of every other schema is left out (the server's alone to run, decision 0035).
 */
export function fieldRule<T extends object>(build: () => T): T {
  return lazySchema(build)
}
