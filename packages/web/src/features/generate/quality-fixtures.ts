/**
 * What GET /api/v1/projects/{id}/quality answered for issue 28's held-out layer set (the server test's
 * `heldOutLayers`: a full-canvas cover, a transparent trait, two near-identical traits, a 1000×1000
 * trait in a 1024 collection, a trait shifted 200 px and rules that make a trait impossible), copied
 * from a real answer so the panel's tests read the API's own words and shape.
 */
export const heldOutQualityAnswer: unknown = {
  findings: [
    {
      kind: 'empty',
      severity: 'blocks',
      traits: [
        {
          layerId: 'a037d1d0-6cd9-4bc9-a5f3-fe6b296344bf',
          layer: 'Eyes',
          traitId: 'b3cb274d-9c10-4a63-b991-263a8930f95b',
          trait: 'Ghost',
        },
      ],
      message:
        'Eyes/Ghost has no visible pixel: its image is fully transparent, so tokens would claim a trait nobody can see.',
      fix: 'Upload the image again with its art (check the export kept the layer visible), or delete the trait.',
    },
    {
      kind: 'hides-everything',
      severity: 'blocks',
      traits: [
        {
          layerId: 'c445920b-be66-4366-9d82-b56a48d5cbf1',
          layer: 'Frame',
          traitId: '380732f9-10b4-40e8-8ecd-9497befd44b2',
          trait: 'Wood',
        },
      ],
      message:
        'Every trait of Frame covers the whole canvas with opaque pixels, and Frame is drawn above Background, Body, Eyes: nothing below it can be seen.',
      fix: 'Move Frame to the bottom of the layer order, or cut its art out of a transparent background.',
    },
    {
      kind: 'impossible',
      severity: 'blocks',
      traits: [
        {
          layerId: 'a037d1d0-6cd9-4bc9-a5f3-fe6b296344bf',
          layer: 'Eyes',
          traitId: 'c83adff3-b3a0-4d85-9a6e-63125bd6b1b9',
          trait: 'Laser',
        },
      ],
      message:
        'Eyes/Laser cannot be drawn: no combination the rules allow holds it (rules involving it: "Eyes/Laser excludes Body/Plain", "Eyes/Laser excludes Body/Dark").',
      fix: 'Change or remove the rules that rule it out, or set its weight to 0.',
    },
    {
      kind: 'size-and-placement',
      severity: 'warns',
      traits: [
        {
          layerId: 'a037d1d0-6cd9-4bc9-a5f3-fe6b296344bf',
          layer: 'Eyes',
          traitId: '93603851-5864-49ab-a2a5-e116a9abd287',
          trait: 'Small',
        },
      ],
      message:
        "In Eyes, Small is 1000×1000 while its 7 siblings are 1024×1024 like the collection: stretched to the canvas, its art lands off its siblings' place and scale.",
      fix: 'Export it at 1024×1024 from the same artboard as the other Eyes traits.',
    },
    {
      kind: 'size-and-placement',
      severity: 'warns',
      traits: [
        {
          layerId: 'a037d1d0-6cd9-4bc9-a5f3-fe6b296344bf',
          layer: 'Eyes',
          traitId: '3a1a3540-0a28-4e8c-9906-68b72e32f91c',
          trait: 'Shifted',
        },
      ],
      message:
        'Eyes/Shifted sits about 200 px right of where its 5 siblings agree, which usually means it was exported from a shifted artboard.',
      fix: 'Export Shifted again aligned with the other Eyes traits (same artboard and position).',
    },
    {
      kind: 'look-alike',
      severity: 'warns',
      traits: [
        {
          layerId: 'a037d1d0-6cd9-4bc9-a5f3-fe6b296344bf',
          layer: 'Eyes',
          traitId: 'ab3036a1-fa90-43ad-be38-3bb4b61856c1',
          trait: 'Round',
        },
        {
          layerId: 'a037d1d0-6cd9-4bc9-a5f3-fe6b296344bf',
          layer: 'Eyes',
          traitId: '180a1f04-b13c-4932-9248-38b08e6dfbc6',
          trait: 'Twin',
        },
      ],
      message:
        'Eyes/Round and Eyes/Twin look the same (their images differ by 0.7 %): metadata says two values, collectors see one.',
      fix: 'Make the two images clearly different, or merge them into one trait.',
    },
  ],
  analysed: 13,
  skipped: [],
};

/** The held-out set's project id in that answer. */
export const HELD_OUT_PROJECT_ID = 'held-out-project';
