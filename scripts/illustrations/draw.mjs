// Draws the bundled pest illustrations (web/public/illustrations/<imageFile>.svg), one per pest of
// the content's pest list, shown when no photo is uploaded and no Supabase bucket is configured.
// Usage: node scripts/illustrations/draw.mjs   (rewrites the SVG files; they are committed)
// Why a script: 32 drawings share one style (banner 3:1, soft background, top view, head to the
// right); parts (legs, wings, antennae) are drawn by the same few functions, so each file stays small.
import { writeFileSync } from 'node:fs'

const W = 1200
const H = 400
const CY = 200
const OUT = new URL('../../web/public/illustrations/', import.meta.url)

const r = (value) => Math.round(value * 10) / 10
const ellipse = (cx, cy, rx, ry, fill, extra = '') => `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(rx)}" ry="${r(ry)}" fill="${fill}"${extra}/>`
const circle = (cx, cy, radius, fill, extra = '') => `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}"${extra}/>`
const stroke = (d, color, width, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`

/** A leg drawn above the body and its mirror below: [hipX, hipY offset, knee dx, knee dy, foot dx, foot dy]. */
function legPairs(legs, color, width) {
  const paths = legs.flatMap(([x, y0, kx, ky, fx, fy]) => [
    `M${r(x)} ${r(CY - y0)}l${r(kx)} ${r(-ky)}l${r(fx)} ${r(-fy)}`,
    `M${r(x)} ${r(CY + y0)}l${r(kx)} ${r(ky)}l${r(fx)} ${r(fy)}`,
  ])
  return stroke(paths.join(''), color, width)
}

/** Antennae from the head's front, curving out: length, spread, and an optional club or feather. */
function antennae(x, y0, length, spread, color, width, tip = '') {
  const paths = [-1, 1].map((side) => {
    const endX = x + length
    const endY = CY + side * (y0 + spread)
    return `M${r(x)} ${r(CY + side * y0)}Q${r(x + length * 0.45)} ${r(CY + side * (y0 + spread * 0.15))} ${r(endX)} ${r(endY)}`
  })
  let tips = ''
  if (tip === 'club') tips = [-1, 1].map((side) => circle(x + length, CY + side * (y0 + spread), width * 1.6, color)).join('')
  return stroke(paths.join(''), color, width) + tips
}

/** Wings over the back, seen from above: a pair spread up and down from the thorax. */
function wings(x, length, width, fill, angle = 25, extra = ' stroke="#64748b" stroke-width="3" opacity=".75"') {
  return [-1, 1]
    .map((side) => `<ellipse cx="${r(x - length * 0.45)}" cy="${r(CY + side * width * 0.55)}" rx="${r(length / 2)}" ry="${r(width / 2)}" fill="${fill}" transform="rotate(${-side * angle} ${r(x)} ${CY})"${extra}/>`)
    .join('')
}

function bands(cx, rx, ry, count, color, from = -0.55, to = 0.75) {
  let out = ''
  for (let index = 0; index < count; index++) {
    const t = from + ((to - from) * (index + 0.5)) / count
    const x = cx + t * rx
    const half = ry * Math.sqrt(Math.max(0, 1 - t * t)) * 0.98
    out += stroke(`M${r(x)} ${r(CY - half)}V${r(CY + half)}`, color, Math.max(6, (rx / count) * 0.55))
  }
  return out
}

const eyes = (x, dy, radius, color = '#111827') => circle(x, CY - dy, radius, color) + circle(x, CY + dy, radius, color)

/** A six-legged insect from above; the options choose its proportions, colours and parts. */
function insect(o) {
  const c = o.color
  const legColor = o.legColor ?? c
  const hx = o.headX ?? 760
  const tx = o.thoraxX ?? 660
  const ax = o.abdomenX ?? 500
  let s = ''
  if (o.antennae !== false) s += antennae(hx + (o.headR ?? 40) * 0.5, (o.headR ?? 40) * 0.35, o.antennaLength ?? 120, o.antennaSpread ?? 70, legColor, o.antennaWidth ?? 7, o.antennaTip)
  s += legPairs(o.legs ?? [[tx - 25, 20, -60, 70, -50, 25], [tx + 5, 22, 10, 85, -5, 45], [tx + 30, 20, 60, 70, 55, 25]], legColor, o.legWidth ?? 10)
  if (o.wingsUnder) s += o.wingsUnder
  s += ellipse(ax, CY, o.abdomenRx ?? 120, o.abdomenRy ?? 70, o.abdomenColor ?? c)
  if (o.bands) s += bands(ax, o.abdomenRx ?? 120, o.abdomenRy ?? 70, o.bands, o.bandColor ?? '#111827')
  s += ellipse(tx, CY, o.thoraxRx ?? 55, o.thoraxRy ?? 42, o.thoraxColor ?? c)
  s += circle(hx, CY, o.headR ?? 40, o.headColor ?? c)
  if (o.eyes !== false) s += eyes(hx + (o.headR ?? 40) * 0.35, (o.headR ?? 40) * 0.55, o.eyeR ?? (o.headR ?? 40) * 0.28, o.eyeColor ?? '#111827')
  if (o.wingsOver) s += o.wingsOver
  if (o.extra) s += o.extra
  return s
}

const CLEAR = '#e0f2fe'

/** Each pest's drawing, keyed by the pest's imageFile in the content. */
const DRAWINGS = {
  ant: () =>
    insect({ color: '#3b2416', headR: 48, headX: 790, thoraxX: 680, thoraxRx: 58, thoraxRy: 34, abdomenX: 520, abdomenRx: 105, abdomenRy: 78, antennaLength: 130, antennaSpread: 80, antennaTip: 'club' }) +
    stroke('M580 200H630', '#3b2416', 16),
  spider: () => {
    const legs = [
      [610, 35, 40, 110, 110, 40],
      [600, 40, 0, 125, 40, 60],
      [590, 40, -30, 120, -50, 65],
      [580, 35, -60, 100, -110, 50],
    ]
    return legPairs(legs, '#1f2937', 11) + ellipse(450, 200, 125, 100, '#1f2937') + ellipse(450, 200, 30, 55, '#b91c1c') + ellipse(620, 200, 75, 62, '#374151') + eyes(680, 18, 9, '#f8fafc') + eyes(668, 38, 7, '#f8fafc')
  },
  // A paper wasp, unlike the stout yellow jacket below: a long narrow abdomen on a thin stalk of a
  // waist, a small dark head, narrow folded wings, and long orange legs dangling far back.
  wasp: () =>
    insect({ color: '#1f2937', abdomenColor: '#facc15', bands: 4, abdomenX: 455, abdomenRx: 165, abdomenRy: 36, thoraxX: 715, thoraxRx: 46, thoraxRy: 28, thoraxColor: '#1f2937', headColor: '#1f2937', headX: 788, headR: 28, eyeColor: '#facc15', legColor: '#ea580c', legWidth: 6,
      antennaLength: 150, antennaSpread: 55, antennaWidth: 5,
      legs: [[735, 16, 35, 55, 55, 45], [715, 20, -15, 70, -40, 70], [700, 18, -80, 60, -170, 80]],
      wingsOver: wings(712, 230, 40, CLEAR, 19) }) +
    stroke('M620 200H672', '#1f2937', 7) + stroke('M292 200h-32', '#1f2937', 6),
  bee: () =>
    insect({ color: '#422006', abdomenColor: '#fbbf24', bands: 3, bandColor: '#422006', abdomenX: 500, abdomenRx: 120, abdomenRy: 92, thoraxX: 655, thoraxRx: 60, thoraxRy: 58, thoraxColor: '#b45309', headX: 750, headR: 42, antennaLength: 85, antennaSpread: 55, antennaTip: 'club', legColor: '#422006', wingsOver: wings(655, 210, 95, CLEAR, 30) }) +
    ellipse(500, 200, 124, 96, 'none', ' stroke="#92400e" stroke-width="5" stroke-dasharray="3 9"'),
  cockroach: () =>
    insect({ color: '#7c2d12', legColor: '#451a03', headX: 800, headR: 34, thoraxX: 740, thoraxRx: 42, thoraxRy: 70, thoraxColor: '#9a3412', abdomenX: 530, abdomenRx: 190, abdomenRy: 95, antennaLength: 300, antennaSpread: 150, antennaWidth: 5,
      legs: [[690, 60, -40, 70, -80, 60], [610, 80, -20, 70, -60, 70], [520, 80, -60, 60, -110, 60]],
      extra: stroke('M360 200H720', '#451a03', 5) + ellipse(740, 200, 30, 50, '#c2410c', ' opacity=".6"') }),
  moth: () =>
    [-1, 1]
      .map((side) => `<path d="M650 200L720 ${200 + side * 175}Q560 ${200 + side * 190} 420 ${200 + side * 150}Q430 ${200 + side * 60} 650 200Z" fill="#a8a29e" stroke="#78716c" stroke-width="6"/>` + stroke(`M640 ${200 + side * 10}Q560 ${200 + side * 90} 470 ${200 + side * 130}`, '#78716c', 5) + circle(590, 200 + side * 115, 20, '#57534e'))
      .join('') +
    ellipse(580, 200, 110, 30, '#78716c') + circle(700, 200, 30, '#57534e') + eyes(715, 17, 8) +
    stroke('M720 188Q780 150 810 110M720 212Q780 250 810 290', '#57534e', 6) + stroke('M760 160l20 10M775 140l22 8M760 240l20-10M775 260l22-8', '#57534e', 4),
  fly: () =>
    insect({ color: '#374151', headX: 740, headR: 45, eyeR: 22, eyeColor: '#b91c1c', thoraxX: 650, thoraxRx: 55, thoraxRy: 50, abdomenX: 540, abdomenRx: 95, abdomenRy: 65, abdomenColor: '#4b5563', antennae: false, legColor: '#1f2937',
      wingsOver: wings(640, 220, 90, CLEAR, 28), extra: stroke('M630 170V230M660 165V235', '#1f2937', 6) }),
  gnat: () =>
    [[-330, -60, 0.65], [0, 0, 0.8], [330, 50, 0.6]]
      .map(([dx, dy, scale]) => `<g transform="translate(${600 + dx} ${200 + dy}) scale(${scale}) translate(-600 -200)">${insect({ color: '#1c1917', headX: 680, headR: 22, thoraxX: 640, thoraxRx: 28, thoraxRy: 24, abdomenX: 575, abdomenRx: 55, abdomenRy: 20, antennaLength: 50, antennaSpread: 25, antennaWidth: 4, legWidth: 4, legs: [[625, 12, -30, 60, -40, 50], [640, 12, 0, 70, 0, 50], [655, 12, 30, 60, 40, 50]], wingsOver: wings(640, 150, 45, CLEAR, 14) })}</g>`)
      .join(''),
  mosquito: () =>
    insect({ color: '#57534e', headX: 720, headR: 26, thoraxX: 670, thoraxRx: 36, thoraxRy: 30, abdomenX: 530, abdomenRx: 120, abdomenRy: 22, bands: 6, bandColor: '#d6d3d1', antennaLength: 70, antennaSpread: 40, antennaWidth: 4, legWidth: 4,
      legs: [[650, 20, -70, 120, -120, 60], [670, 22, 10, 140, -10, 40], [690, 20, 80, 110, 110, 60]],
      wingsOver: wings(660, 230, 50, CLEAR, 12), extra: stroke('M745 200H840', '#292524', 5) }),
  mouse: () =>
    stroke('M400 250C320 300 250 240 230 180S180 110 150 140', '#d6a5a5', 10) +
    ellipse(560, 225, 175, 105, '#9ca3af') + ellipse(720, 185, 85, 70, '#9ca3af') + circle(690, 110, 48, '#9ca3af') + circle(690, 110, 30, '#f9a8d4') +
    circle(770, 155, 10, '#111827') + circle(803, 200, 11, '#f472b6') + stroke('M800 205l60-10M800 210l60 10M798 215l50 25', '#4b5563', 3) +
    ellipse(500, 320, 35, 12, '#d6a5a5') + ellipse(650, 320, 30, 12, '#d6a5a5'),
  vole: () =>
    stroke('M400 250C360 270 330 262 310 240', '#92400e', 10) +
    ellipse(580, 225, 190, 115, '#78350f') + ellipse(740, 210, 95, 80, '#78350f') + circle(715, 140, 26, '#92400e') +
    circle(790, 180, 9, '#111827') + circle(832, 220, 9, '#1f2937') + stroke('M828 226l50-8M828 232l50 10', '#1f2937', 3) +
    ellipse(540, 335, 40, 13, '#a16207') + ellipse(690, 335, 35, 13, '#a16207') + `<path d="M230 345h740" stroke="#65a30d" stroke-width="10" stroke-dasharray="4 22" stroke-linecap="round"/>`,
  silverfish: () =>
    stroke('M420 200l-120-50M420 200H290M420 200l-120 50', '#94a3b8', 5) +
    legPairs([[600, 30, -20, 45, -20, 20], [640, 30, 0, 50, 0, 20], [680, 30, 20, 45, 20, 20]], '#94a3b8', 6) +
    `<path d="M420 200C470 170 620 150 720 170S760 230 720 230 470 230 420 200Z" fill="#cbd5e1" stroke="#94a3b8" stroke-width="5"/>` +
    bands(590, 150, 30, 7, '#94a3b8', -0.8, 0.8) + antennae(745, 12, 150, 90, '#94a3b8', 4) + eyes(740, 15, 6),
  termite: () =>
    insect({ color: '#fef3c7', headColor: '#b45309', headX: 760, headR: 42, eyes: false, thoraxX: 680, thoraxRx: 40, thoraxRy: 38, abdomenX: 540, abdomenRx: 120, abdomenRy: 62, bands: 5, bandColor: '#fde68a', legColor: '#d97706', antennaLength: 95, antennaSpread: 45, antennaWidth: 6,
      extra: stroke('M800 185l40-10M800 215l40 10', '#78350f', 9) + ellipse(540, 200, 124, 66, 'none', ' stroke="#d97706" stroke-width="4"') }) +
    `<path d="M180 355h840" stroke="#a16207" stroke-width="16" stroke-linecap="round" opacity=".5"/>`,
  beetle: () =>
    insect({ color: '#14532d', legColor: '#111827', headX: 745, headR: 34, thoraxX: 690, thoraxRx: 40, thoraxRy: 62, thoraxColor: '#166534', abdomenX: 540, abdomenRx: 140, abdomenRy: 105, antennaLength: 70, antennaSpread: 45, antennaTip: 'club',
      legs: [[700, 50, 30, 60, 50, 40], [600, 95, 0, 35, -20, 45], [500, 95, -30, 30, -60, 40]],
      extra: stroke('M400 200H680', '#052e16', 6) + ellipse(500, 160, 60, 18, '#4ade80', ' opacity=".35"') }),
  weevil: () =>
    insect({ color: '#78350f', headX: 735, headR: 30, thoraxX: 680, thoraxRx: 42, thoraxRy: 48, abdomenX: 540, abdomenRx: 120, abdomenRy: 80, antennae: false, legColor: '#451a03',
      extra: stroke('M760 200H880', '#78350f', 18) + stroke('M835 200l30-45M835 200l30 45', '#451a03', 5) + circle(865, 155, 7, '#451a03') + circle(865, 245, 7, '#451a03') + ellipse(520, 180, 55, 20, '#a16207', ' opacity=".5"') }),
  centipede: () => {
    let s = ''
    const legs = []
    for (let index = 0; index < 15; index++) legs.push([330 + index * 30, 12, -25, 55, -45, 45])
    s += legPairs(legs, '#a16207', 5)
    s += stroke('M310 200l-60-60M310 200l-60 60', '#a16207', 5)
    for (let index = 0; index < 16; index++) s += ellipse(320 + index * 30, 200, 18, 20, index % 2 ? '#92400e' : '#b45309')
    s += circle(800, 200, 24, '#78350f') + antennae(815, 10, 160, 110, '#a16207', 4)
    return s
  },
  millipede: () => {
    let s = ''
    const legs = []
    for (let index = 0; index < 22; index++) legs.push([310 + index * 22, 30, index % 2 ? 4 : -4, 22, 0, 8])
    s += legPairs(legs, '#57534e', 5)
    for (let index = 0; index < 22; index++) s += ellipse(310 + index * 22, 200, 14, 34, index % 2 ? '#292524' : '#44403c')
    s += circle(790, 200, 34, '#1c1917') + antennae(815, 12, 50, 25, '#57534e', 5) + eyes(805, 15, 5, '#a8a29e')
    return s
  },
  cricket: () =>
    insect({ color: '#78350f', legColor: '#451a03', headX: 760, headR: 40, thoraxX: 680, thoraxRx: 50, thoraxRy: 50, abdomenX: 520, abdomenRx: 140, abdomenRy: 62, antennaLength: 300, antennaSpread: 130, antennaWidth: 4,
      legs: [[700, 40, 20, 50, 40, 30], [660, 45, -10, 55, -20, 35], [600, 55, -40, 90, -220, -60]], legWidth: 11,
      wingsOver: ellipse(560, 200, 130, 48, '#92400e'), extra: stroke('M380 190l-80-20M380 210l-80 20', '#451a03', 5) }),
  earwig: () =>
    insect({ color: '#7c2d12', legColor: '#a16207', headX: 770, headR: 34, thoraxX: 705, thoraxRx: 38, thoraxRy: 38, abdomenX: 530, abdomenRx: 150, abdomenRy: 45, bands: 6, bandColor: '#9a3412', antennaLength: 110, antennaSpread: 55, antennaWidth: 5,
      wingsOver: ellipse(650, 200, 40, 42, '#c2410c'), extra: stroke('M385 185C330 170 300 150 280 170M385 215C330 230 300 250 280 230', '#451a03', 12) }),
  scorpion: () =>
    legPairs([[600, 35, -10, 70, -40, 40], [570, 40, -20, 65, -50, 40], [540, 40, -30, 60, -60, 40], [510, 35, -40, 55, -70, 40]], '#a16207', 8) +
    stroke('M690 185l60-50 70 10M690 215l60 50 70-10', '#b45309', 14) +
    `<path d="M820 145c30-20 60 5 50 25-20-10-40-12-50-5zM820 255c30 20 60-5 50-25-20 10-40 12-50 5z" fill="#b45309"/>` +
    ellipse(580, 200, 130, 55, '#ca8a04') + ellipse(690, 200, 45, 45, '#a16207') + eyes(715, 10, 6) +
    stroke('M455 200C400 200 330 210 300 170S300 80 360 70', '#ca8a04', 30) + `<path d="M360 55c40 0 50 30 30 45l-25-10z" fill="#78350f"/>`,
  flea: () =>
    circle(600, 200, 185, '#ffffff', ' stroke="#cbd5e1" stroke-width="10"') +
    `<path d="M470 230C470 140 560 100 640 120S740 190 720 230 560 300 470 230Z" fill="#78350f"/>` + circle(725, 185, 26, '#78350f') + circle(735, 178, 7, '#111827') +
    stroke('M520 270l-30 60 -40 5M600 280l10 55 -30 5M680 260l30 50 30 0', '#451a03', 9) + stroke('M740 200l40 25', '#451a03', 5),
  tick: () =>
    legPairs([[640, 40, 40, 50, 50, 30], [615, 55, 15, 55, 20, 45], [580, 60, -15, 55, -20, 45], [545, 55, -40, 50, -50, 30]], '#44403c', 8) +
    `<path d="M680 200C680 120 600 95 520 110S410 170 410 200 430 275 520 290 680 280 680 200Z" fill="#7f1d1d"/>` +
    `<path d="M680 200C680 150 640 140 610 150S590 190 590 200 600 245 610 250 680 250 680 200Z" fill="#292524"/>` + ellipse(715, 200, 35, 22, '#292524') + stroke('M745 192h30M745 208h30', '#292524', 6) +
    `<path d="M180 350C400 320 800 330 1020 350" stroke="#65a30d" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  maggot: () =>
    [[-260, 30, 0.8], [0, -20, 1], [260, 40, 0.75]]
      .map(([dx, dy, scale]) => {
        let s = `<path d="M480 200C480 160 560 150 660 165S760 190 760 200 740 230 660 235 480 240 480 200Z" fill="#fef9c3" stroke="#e7e5e4" stroke-width="4"/>`
        s += bands(620, 140, 38, 6, '#e7e5e4', -0.75, 0.75) + circle(745, 195, 6, '#44403c')
        return `<g transform="translate(${600 + dx} ${200 + dy}) scale(${scale}) translate(-620 -200)">${s}</g>`
      })
      .join(''),
  hornet: () =>
    `<path d="M130 60h170v220c0 50-40 80-85 80s-85-30-85-80z" fill="#d6d3d1"/>` + stroke('M140 120c40-10 110-10 150 0M140 180c40-10 110-10 150 0M140 240c40-10 110-10 150 0', '#a8a29e', 8) + circle(215, 330, 20, '#78716c') +
    insect({ color: '#1c1917', abdomenColor: '#1c1917', bands: 2, bandColor: '#f5f5f4', abdomenX: 520, abdomenRx: 145, abdomenRy: 68, thoraxX: 690, thoraxRx: 60, thoraxRy: 45, thoraxColor: '#7c2d12', headColor: '#f5f5f4', headX: 790, headR: 44, legColor: '#7c2d12', antennaLength: 120,
      wingsOver: wings(690, 280, 95, '#fed7aa', 16) }) + stroke('M630 200H645', '#1c1917', 12),
  'yellow-jacket': () =>
    insect({ color: '#111827', abdomenColor: '#facc15', bands: 4, abdomenX: 500, abdomenRx: 125, abdomenRy: 70, thoraxX: 660, thoraxRx: 52, thoraxRy: 42, thoraxColor: '#111827', headColor: '#facc15', headX: 755, headR: 40, legColor: '#ca8a04', antennaLength: 110,
      wingsOver: wings(660, 230, 80, CLEAR, 20), extra: circle(500 + 125 * 0.95, 200, 0.1, '#111') }) + stroke('M375 200h-30', '#111827', 9) + stroke('M610 200H625', '#111827', 12),
  'bed-bug': () =>
    insect({ color: '#9a3412', legColor: '#7c2d12', headX: 745, headR: 30, thoraxX: 695, thoraxRx: 34, thoraxRy: 70, abdomenX: 540, abdomenRx: 140, abdomenRy: 115, antennaLength: 75, antennaSpread: 45, antennaWidth: 5,
      legs: [[690, 60, 30, 50, 40, 30], [600, 105, 0, 35, -15, 40], [500, 105, -30, 30, -50, 35]],
      extra: stroke('M440 130C470 170 470 230 440 270M500 105C535 150 535 250 500 295M565 100C600 150 600 250 565 300', '#7c2d12', 5, ' opacity=".55"') }) +
    `<path d="M150 350C350 330 450 370 650 345S950 330 1050 350" stroke="#a5b4fc" stroke-width="12" fill="none" opacity=".6"/>`,
  'stink-bug': () =>
    legPairs([[660, 60, 30, 60, 50, 35], [600, 90, 0, 45, -20, 40], [520, 85, -30, 40, -50, 35]], '#57534e', 9) +
    antennae(780, 12, 120, 60, '#57534e', 6) + stroke('M860 130l10-6M860 270l10 6', '#f5f5f4', 6) +
    `<path d="M790 200 700 100 430 140 380 200 430 260 700 300Z" fill="#78716c"/>` + `<path d="M700 100 580 200 700 300" fill="#57534e"/>` +
    circle(800, 200, 28, '#57534e') + eyes(812, 18, 7) + stroke('M440 160l-20-18M440 240l-20 18', '#e7e5e4', 6),
  'cluster-fly': () =>
    `<g stroke="#cbd5e1" stroke-width="10"><path d="M180 40h840v320H180zM600 40v320M180 200h840" fill="#f8fafc"/></g>` +
    [[-250, -80, 0.45], [200, 90, 0.5], [280, -90, 0.4], [-150, 90, 0.4], [0, 0, 0.65]]
      .map(([dx, dy, scale]) => `<g transform="translate(${600 + dx} ${200 + dy}) scale(${scale}) translate(-640 -200)">${insect({ color: '#44403c', headX: 740, headR: 45, eyeR: 22, eyeColor: '#7f1d1d', thoraxX: 650, thoraxRx: 55, thoraxRy: 50, thoraxColor: '#a16207', abdomenX: 540, abdomenRx: 95, abdomenRy: 65, antennae: false, legColor: '#1c1917', wingsOver: wings(640, 220, 90, CLEAR, 20) })}</g>`)
      .join(''),
  'drain-fly': () =>
    wings(650, 210, 130, '#a8a29e', 40, ' stroke="#57534e" stroke-width="8" stroke-dasharray="3 9"') +
    stroke('M560 120l-120-10M560 280l-120 10M580 150l-110 30M580 250l-110-30', '#78716c', 5, ' opacity=".6"') +
    ellipse(610, 200, 75, 30, '#44403c') + circle(690, 200, 28, '#292524') + stroke('M710 190q40-40 70-40M710 210q40 40 70 40', '#57534e', 6, ' stroke-dasharray="6 6"'),
  'fruit-fly': () =>
    circle(300, 230, 120, '#fb923c') + circle(300, 230, 120, 'none', ' stroke="#ea580c" stroke-width="6"') + stroke('M300 110q10-30 35-40', '#65a30d', 10) +
    insect({ color: '#d97706', headX: 800, headR: 42, eyeR: 20, eyeColor: '#dc2626', thoraxX: 720, thoraxRx: 50, thoraxRy: 46, abdomenX: 620, abdomenRx: 80, abdomenRy: 58, bands: 3, bandColor: '#78350f', antennae: false, legColor: '#92400e',
      legs: [[690, 30, -40, 60, -40, 25], [720, 32, 0, 70, 0, 30], [745, 30, 40, 60, 40, 25]], wingsOver: wings(710, 200, 80, CLEAR, 24) }),
  'dust-mite': () =>
    circle(600, 200, 185, '#ffffff', ' stroke="#cbd5e1" stroke-width="10"') +
    legPairs([[650, 50, 40, 45, 40, 20], [620, 65, 15, 50, 15, 30], [575, 65, -15, 50, -15, 30], [545, 50, -40, 45, -40, 20]], '#a8a29e', 12) +
    ellipse(600, 200, 90, 75, '#e7d5b8', ' stroke="#a8a29e" stroke-width="6"') + ellipse(695, 200, 28, 24, '#c8b08a') + stroke('M560 160c20 20 20 60 0 80M610 150c20 25 20 75 0 100', '#c8b08a', 6),
  'boxelder-bug': () =>
    insect({ color: '#1c1917', legColor: '#1c1917', headX: 780, headR: 28, thoraxX: 720, thoraxRx: 45, thoraxRy: 55, abdomenX: 540, abdomenRx: 165, abdomenRy: 70, antennaLength: 140, antennaSpread: 70, antennaWidth: 5,
      legs: [[700, 45, 30, 55, 45, 30], [620, 65, 0, 45, -20, 40], [540, 65, -30, 40, -55, 35]],
      extra: stroke('M740 160 700 150M740 240 700 250M700 150 420 175 400 200 420 225 700 250', '#dc2626', 8) + stroke('M690 200H420', '#dc2626', 5) }),
}

const BACKGROUNDS = ['#ecfdf3', '#f0f9ff', '#fefce8', '#fdf4ff']

let index = 0
for (const [name, draw] of Object.entries(DRAWINGS)) {
  const background = BACKGROUNDS[index++ % BACKGROUNDS.length]
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="${background}"/>` +
    `<ellipse cx="600" cy="200" rx="470" ry="185" fill="#ffffff" opacity=".6"/>` +
    draw() +
    `</svg>\n`
  writeFileSync(new URL(`${name}.svg`, OUT), svg)
}
console.log(`${index} drawings in web/public/illustrations/`)
