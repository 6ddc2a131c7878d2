/**
 * A well-formed id that names nothing. Its own module, imported by the samples and by
 * operation-samples.ts alike: were the samples to take it from operation-samples.ts (which imports
 * them), a file that loads a sample module first would see that table built before the samples.
 */
export const missing = '00000000-0000-4000-8000-000000000000';
