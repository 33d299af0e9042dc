/**
 * The two strokes a coach picks in the Library to compare (session ids, in pick order; picking a
 * third drops the oldest pick). The Compare screen opens with the first as the leading stroke.
 */

/** The compare picks. */
export class ComparePick {
  ids = $state<number[]>([]);

  /** Adds `id` (or removes it when already picked). */
  toggle(id: number): void {
    this.ids = this.ids.includes(id) ? this.ids.filter((x) => x !== id) : [...this.ids, id].slice(-2);
  }

  has(id: number): boolean {
    return this.ids.includes(id);
  }

  clear(): void {
    this.ids = [];
  }
}

/** The app's compare picks. */
export const comparePick = new ComparePick();
