// Next looks for its config in its project directory (web/, where app/ is); the real config is the
// top-level next.config.ts the project layout keeps. A .ts shim here fails (Next resolves its
// relative import from the working directory), so this one line is .mjs.
export { default } from '../next.config.ts'
