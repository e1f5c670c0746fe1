import sharp from 'sharp';

/** A layer of the held-out set: its name and its images, named as the traits they become. */
export interface HeldOutLayer {
  name: string;
  files: { filename: string; bytes: Buffer }[];
}

async function image(filename: string, body: string, size = 1024) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`;
  return { filename, bytes: await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer() };
}

const eye = (x: number, fill: string) => `<rect x="${x}" y="400" width="60" height="40" fill="${fill}"/>`;

/**
 * Issue 28's held-out layer set at 1024², one problem each: a full-canvas opaque cover layer (Frame),
 * a transparent trait (Eyes/Ghost), two near-identical traits (Eyes/Round and Eyes/Twin), a 1000×1000
 * trait (Eyes/Small), a trait shifted 200 px (Eyes/Shifted) and rules that make Eyes/Laser impossible.
 * The same set as `layerloom check`'s test, for the API and the Quality panel.
 */
export async function heldOutLayers(): Promise<{ layers: HeldOutLayer[]; rules: string[][] }> {
  return {
    layers: [
      {
        name: 'Background',
        files: [
          await image('Blue.png', '<rect width="1024" height="1024" fill="#2050c0"/>'),
          await image('Green.png', '<rect width="1024" height="1024" fill="#20c050"/>'),
        ],
      },
      {
        name: 'Body',
        files: [
          await image('Plain.png', '<ellipse cx="512" cy="600" rx="250" ry="380" fill="#c89070"/>'),
          await image('Dark.png', '<ellipse cx="512" cy="600" rx="250" ry="380" fill="#5a3c28"/>'),
        ],
      },
      {
        name: 'Eyes',
        files: [
          await image('Round.png', eye(400, '#ffffff')),
          await image('Red.png', eye(400, '#e01010')),
          await image('Black.png', eye(400, '#101010')),
          await image('Twin.png', eye(400, '#fcfcfc')),
          await image('Shifted.png', eye(600, '#1040f0')),
          await image('Small.png', eye(390, '#10a0a0'), 1000),
          await image('Ghost.png', ''),
          await image('Laser.png', eye(400, '#ff00ff')),
        ],
      },
      {
        name: 'Frame',
        files: [await image('Wood.png', '<rect width="1024" height="1024" fill="#884422"/>')],
      },
    ],
    // [trait, excluded]: Laser excludes every body, so no token can carry it.
    rules: [
      ['Eyes/Laser', 'Body/Plain'],
      ['Eyes/Laser', 'Body/Dark'],
    ],
  };
}
