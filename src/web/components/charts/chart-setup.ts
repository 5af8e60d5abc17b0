import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * chart.js 4 with only what our charts draw (bars and lines on category/linear scales, tooltips,
 * legend), so the rest of the library is left out of the bundle. Imported only by dashboard pages
 * and the style guide's lazily loaded sample (never by employee or public pages).
 */
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export { Chart };
