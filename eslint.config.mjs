import next from 'eslint-config-next';

const config = [
  { ignores: ['.next/**', '.next-*/**', '.data/**', 'node_modules/**', 'lib/db/migrations/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
  ...next,
];
export default config;
