// libheif-js ships Emscripten's typings for its browser bundle only; its Node build is one CommonJS
// file whose export is the factory. The bindings the worker uses are typed there (heic-worker.ts).
declare module 'libheif-js/libheif-wasm/libheif.js' {
  const libheifFactory: (options: object) => unknown;
  export default libheifFactory;
}
