export { default } from '../next.config.ts'
