import { defineProject } from 'vitest/config';

// Tests of the repository's own scripts (the supervisor behind `npm start` and `npm run serve`).
export default defineProject({
  test: { name: 'scripts', environment: 'node', include: ['*.test.mjs'] },
});
