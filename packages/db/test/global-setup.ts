// Runs once per test run, before any test file: migrates the template every test file's database
// is copied from, and removes it when the run ends.

import type { TestProject } from 'vitest/node';
import { createTestTemplate } from '../src/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template test databases are copied from (see createTestTemplate). */
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const template = await createTestTemplate();
  project.provide('databaseTemplate', template.ref);
  return () => template.drop();
}
