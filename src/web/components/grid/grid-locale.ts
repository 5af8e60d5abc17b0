import type { T } from '../../i18n/texts';

/**
 * AG Grid's own words in the reader's language (SPEC §2), for what the product's grids use: the
 * infinite row model's loading rows and overlays, and the sortable headers' screen-reader hints
 * (InfiniteRowModelModule and LocaleModule are registered: no pagination, filters or column menu panels, so
 * their words never show; the menu and filter hints are here in case a column turns them on).
 *
 * @example
 *   <AgGridReact localeText={gridLocaleText(t)} … />
 */
export function gridLocaleText(t: T): Record<string, string> {
  return {
    loadingOoo: t('grid.ag.loading'),
    noRowsToShow: t('grid.ag.no_rows'),
    loadingError: t('grid.ag.loading_error'),
    ariaSkeletonCellLoading: t('grid.ag.row_loading'),
    ariaSkeletonCellLoadingFailed: t('grid.ag.row_failed'),
    ariaDeferSkeletonCellLoading: t('grid.ag.cell_loading'),
    ariaSortableColumn: t('grid.ag.sortable'),
    ariaMenuColumn: t('grid.ag.menu_column'),
    ariaLabelColumnMenu: t('grid.ag.column_menu'),
    ariaFilterColumn: t('grid.ag.filter_column'),
    ariaColumnFiltered: t('grid.ag.column_filtered'),
  };
}
