// The console runs under a Content-Security-Policy without 'unsafe-eval'
// (apps/server/src/plugins/security-headers.ts). Zod compiles fast object
// parsers with `new Function` and probes for it as soon as an object schema is
// built, which the browser reports as a CSP violation even though zod catches
// the error. Zod reads this global when it loads, so it must be set before any
// module runs: a classic script in <head>, not a module (bundled chunks that
// build schemas would run before the entry's own code). It is `defer`, before
// the module scripts: deferred classic and module scripts run in document
// order, and a deferred script does not hold up the page's first paint.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true })
