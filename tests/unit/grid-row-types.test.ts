import { describe, expectTypeOf, it } from 'vitest';
import { videosGrid } from '../../generated/grids';
import type { ManifestGridProps, RowOf } from '../../src/web/components/grid/manifest-grid';

/**
 * A grid's row actions receive rows typed by the reply its list call declares (manifest/api, then
 * generated/grids.ts names the call), so a page reads a field the rows lack as a type error, checked
 * by `npm run typecheck` (which covers this file).
 */
describe('grid rows are typed by their list call', () => {
  it('a grid names its call, and its actions receive that call’s rows', () => {
    expectTypeOf(videosGrid.call).toEqualTypeOf<'admin_videos_list'>();
    type Action = NonNullable<ManifestGridProps<typeof videosGrid.call>['onAction']>;
    expectTypeOf<Parameters<Action>[1]>().toEqualTypeOf<RowOf<'admin_videos_list'>>();
    expectTypeOf<RowOf<'admin_videos_list'>>().toHaveProperty('title').toEqualTypeOf<string>();
    // @ts-expect-error: the videos list's rows have no e-mail field.
    expectTypeOf<RowOf<'admin_videos_list'>>().toHaveProperty('email');
  });
});
