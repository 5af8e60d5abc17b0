/**
 * What a SCORM package needs of a course in one language: the shape of the localized course of
 * src/shared/training/ (docs/product.md "Training"), narrowed to what the package shows.
 */
export interface PackageAnswer {
  readonly id: string;
  readonly text: string;
  readonly why: string;
  readonly correct: boolean;
  readonly flag: boolean;
}
export interface PackageQuestion {
  readonly id: string;
  readonly kind: 'single' | 'multiple';
  readonly key: boolean;
  readonly text: string;
  readonly answers: readonly PackageAnswer[];
}
export interface PackageLesson {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly illustration?: { readonly name: string; readonly alt: string };
  readonly guidance: readonly { readonly path: string; readonly title: string }[];
}
export interface PackageModule {
  readonly id: string;
  readonly title: string;
  readonly intro: string;
  readonly passMark: number;
  readonly lessons: readonly PackageLesson[];
  readonly quiz: readonly PackageQuestion[];
}
export interface PackageCourse {
  readonly id: string;
  readonly version: number;
  readonly language: string;
  readonly title: string;
  readonly summary: string;
  readonly minutes: number;
  readonly modules: readonly PackageModule[];
}
