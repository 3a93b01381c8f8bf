import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

// RuleTester reports through the test runner's own functions.
Object.assign(RuleTester, { afterAll, describe, it });

const src = path.resolve('apps/web/src');
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: `${src}/features/contact/components/a.tsx`, code: "import { b } from './b';" },
    {
      filename: `${src}/features/contact/components/a.tsx`,
      code: "import { api } from '../../../lib/api-client';",
    },
    {
      filename: `${src}/app/routes/contact.tsx`,
      code: "import { C } from '../../features/contact/components/c';",
    },
    {
      filename: `${src}/features/contact/components/a.tsx`,
      code: "import { Button } from '@mantine/core';",
    },
  ],
  invalid: [
    {
      filename: `${src}/features/contact/components/a.tsx`,
      code: "import { L } from '../../landing/components/landing-hero';",
      errors: [{ message: /Features do not import each other/ }],
    },
    {
      filename: `${src}/features/contact/api/a.ts`,
      code: "export * from '../../config/api/get-config';",
      errors: [{ message: /Features do not import each other/ }],
    },
    {
      filename: `${src}/lib/notify.ts`,
      code: "const m = import('../features/landing/components/x');",
      errors: [{ message: /Features do not import each other/ }],
    },
    {
      filename: `${src}/components/x.tsx`,
      code: "import { router } from '../app/router';",
      errors: [{ message: /Only src\/app may import src\/app/ }],
    },
  ],
});
