/**
 * Training courses (content/training/, docs/product.md "Training"). The server imports this index;
 * the browser imports types.ts alone (the loader reads files).
 */
export * from './types';
export { courseTextKeys, type CourseCatalogue, type CourseLinks, type CourseSource, type TextTable } from './source';
export { TrainingContentError, type ContentProblem } from './parse';
export { loadCourses, readCourses } from './load';
export { allCourses, courseById, localizeCourse } from './localize';
