/**
 * The pictures of the product on the marketing site (SPEC §1 public site): which real page each one
 * shows and who is signed in to see it (the demo accounts of README.md). `npm run product-images`
 * (src/web/build/product-images.ts) photographs them; content/site/*.md places them with
 * `![](product:<name>)`; each one's text alternative is the interface text `site.image.<name>`, in
 * every language (content/interface/).
 */
export interface ProductImage {
  readonly name: string;
  readonly account: string;
  /** The page photographed. */
  readonly path: string;
  /** A page reached by following the first link matching `link` on `from` (a report's address is a token). */
  readonly opens?: { readonly from: string; readonly link: string };
}

export const PRODUCT_IMAGES: readonly ProductImage[] = [
  {
    name: 'employee_report',
    account: 'employee@northwind.example',
    path: '/user/my-reports',
    opens: { from: '/user/my-reports', link: 'a[href*="/user/my-reports/evaluation/"], a[href*="/user/my-reports/viewreport/"]' },
  },
  { name: 'evaluator_inbox', account: 'evaluator@ergoportal.example', path: '/user/evaluator' },
  { name: 'program_overview', account: 'manager@northwind.example', path: '/user/program-overview' },
  { name: 'admin_center', account: 'superadmin@ergoportal.example', path: '/admin/all_users' },
];

/** Widths written for each picture: a phone's column and a laptop's. */
export const PRODUCT_IMAGE_WIDTHS = [640, 1280] as const;

/** Under the web root (src/web/public/, copied into dist/web). */
export const PRODUCT_IMAGE_FOLDER = 'images/product';

export const productImageFile = (name: string, width: number) => `${name.replace(/_/g, '-')}-${width}.webp`;

/** The interface text (content/interface/<language>.yaml) that describes a picture. */
export const productImageAlt = (name: string) => `site.image.${name}`;

/** Written by `npm run product-images`, read when content is rendered: each picture's files and real sizes. */
export const PRODUCT_IMAGE_MANIFEST = 'content/site/product-images.json';

export interface ProductImageEntry {
  readonly name: string;
  /** Interface text key of the text alternative. */
  readonly alt: string;
  readonly files: { readonly src: string; readonly width: number; readonly height: number; readonly bytes: number }[];
}
