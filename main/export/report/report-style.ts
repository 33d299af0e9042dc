import { displayText } from '../../contract/display-names.js';

/**
 * The report's CSS: one stylesheet for screen and print (A4, 14 mm margins). Feature blocks
 * and figures use `break-inside: avoid` so a page break never cuts a feature in two.
 */
export const REPORT_CSS = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1c2430; font-size: 10.5pt; margin: 0; }
h1 { font-size: 20pt; margin: 0 0 2mm; }
h2 { font-size: 13pt; margin: 6mm 0 3mm; border-bottom: 1px solid #d0d7e2; padding-bottom: 1mm; break-after: avoid; }
.meta { color: #556; margin-bottom: 4mm; }
.scores { display: flex; flex-wrap: wrap; gap: 3mm; }
.score-card { border: 1px solid #d0d7e2; border-radius: 2mm; padding: 2mm 3mm; min-width: 32mm; break-inside: avoid; }
.score-card .v { font-size: 16pt; font-weight: bold; }
.overall .v { color: #0a7d45; font-size: 22pt; }
.feature { border: 1px solid #e1e6ee; border-radius: 2mm; padding: 3mm; margin: 0 0 3mm; break-inside: avoid; page-break-inside: avoid; }
.feature h3 { margin: 0 0 1mm; font-size: 11.5pt; display: flex; justify-content: space-between; }
.level { text-transform: capitalize; color: #445; font-weight: normal; }
.bar { position: relative; height: 5mm; display: flex; margin: 2mm 0 4mm; border-radius: 1mm; overflow: visible; }
.bar .seg { flex: 1; font-size: 7pt; color: #fff; text-align: center; line-height: 5mm; }
.seg.beginner { background: #c0392b; } .seg.intermediate { background: #e67e22; }
.seg.advanced { background: #27ae60; } .seg.professional { background: #1f6feb; }
.bar .marker { position: absolute; top: -1.5mm; width: 0.8mm; height: 8mm; background: #111; }
.bar .marker span { position: absolute; top: 8mm; left: -10mm; width: 20mm; text-align: center; font-size: 7.5pt; }
.obs { margin: 1mm 0; } .sug { margin: 1mm 0; color: #0b5394; }
.frames { display: flex; flex-wrap: wrap; gap: 3mm; }
.ranked-group { break-inside: avoid; }
figure { margin: 0; break-inside: avoid; width: 56mm; }
figure img { width: 100%; max-height: 75mm; object-fit: contain; background: #111; border-radius: 1mm; }
figcaption { font-size: 8.5pt; color: #445; }
.chart { break-inside: avoid; margin-bottom: 4mm; }
table { border-collapse: collapse; width: 100%; font-size: 9pt; break-inside: auto; }
th, td { border-bottom: 1px solid #e1e6ee; padding: 1mm 1.5mm; text-align: left; }
tr { break-inside: avoid; }
.callouts { display: flex; gap: 4mm; } .callouts > div { flex: 1; border: 1px solid #e1e6ee; border-radius: 2mm; padding: 2mm 3mm; }
footer { margin-top: 6mm; color: #889; font-size: 8pt; }
`;

/**
 * Escapes text for HTML element content and attribute values, without bidirectional control
 * characters (display-names.ts `displayText`: a name's override must not reverse it in the PDF).
 */
export function esc(s: unknown): string {
  return displayText(String(s)).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
