import type { PageProps } from '../../app/page-props';

export default function Page(_props: PageProps) {
  return null;
}
