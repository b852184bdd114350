import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

const config = [
  ...nextVitals,
  ...nextTs,
  {
    settings: { next: { rootDir: 'web/' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    ignores: ['node_modules/**', 'web/.next/**', 'web/.next-*/**', 'web/sanity.types.ts', 'web/next-env.d.ts', 'dist/**', 'bench/results/**'],
  },
]

export default config
