// Loaded with a collection's first progress event (progress-events.ts), not with the pages that follow one.
export { GenerationProgressSchema } from '@layerloom/api';
