import { WORK_AREAS, type WorkArea } from './types';

/** The client form's names of the work areas (SPEC §1 "Work-area types are Office, Home, Anywhere, Lab and Travel"). */
export const WORK_AREA_NAMES: Readonly<Record<WorkArea, string>> = {
  office: 'Office',
  home: 'Home',
  anywhere: 'Anywhere',
  lab: 'Lab',
  travel: 'Travel',
};

/**
 * The self-assessments a client offers: the work areas chosen for it (client form "Work form area",
 * /admin/self_assesment) that its content access list also opens (SPEC §1 client access list: a
 * client without Travel access gets no Travel pages, so no Travel self-assessment either).
 *
 * @example offeredAreas(['Office', 'Travel'], ['Office']) // ['office']
 */
export function offeredAreas(workArea: readonly string[], accessList: readonly string[]): WorkArea[] {
  return WORK_AREAS.filter((area) => workArea.includes(WORK_AREA_NAMES[area]) && accessList.includes(WORK_AREA_NAMES[area]));
}
