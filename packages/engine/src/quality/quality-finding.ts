/** What a quality finding is about. */
export type QualityFindingKind =
  | 'empty'
  | 'hides-everything'
  | 'size-and-placement'
  | 'never-visible'
  | 'look-alike'
  | 'impossible';

/** `blocks`: the collection would show something wrong; `warns`: probably a mistake; `notes`: worth a look. */
export type QualitySeverity = 'blocks' | 'warns' | 'notes';

/** A trait named by a finding. */
export interface QualityTraitRef {
  layer: string;
  trait: string;
}

/** One thing a careful art director would point out about the layers, before generating. */
export interface QualityFinding {
  kind: QualityFindingKind;
  severity: QualitySeverity;
  /** The traits concerned (every trait of the layer for layer-wide findings). */
  traits: QualityTraitRef[];
  /** What is wrong, in plain words. */
  message: string;
  /** What to change. */
  fix: string;
}

/** A trait whose image could not be analysed (not an image sharp reads, e.g. a video), so its visual checks were skipped. */
export interface SkippedTrait extends QualityTraitRef {
  reason: string;
}

/** Everything `checkLayerQuality` found, worst first. */
export interface LayerQualityReport {
  findings: QualityFinding[];
  /** Trait images analysed. */
  analysed: number;
  skipped: SkippedTrait[];
}
