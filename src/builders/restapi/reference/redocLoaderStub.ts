/**
 * Stands in, in the browser build, for the modules of Redoc's loader (vite.config.ts `redocForTheConsole`):
 * @redocly/openapi-core's $ref bundler and config, and yaml for its Swagger 2 converter. Redoc requires
 * them when its bundle loads but calls them only from loadAndBundleSpec (RedocStandalone's fetch of a
 * spec URL), which the console never uses: RedocView.tsx builds Redoc's store from the document it has.
 */
export {};
