// The fishing page: one server-sent event stream per room. The fish swim on the wave's paths (the
// same cubic Béziers the server uses, from the wave's start time and the server clock), so every
// player of the room sees the same sea; the server decides every hit and kill, the page only draws.
(() => {
  const root = document.getElementById('fishing');
  if (!root) return;
  const game = root.dataset.game;
  const session = root.dataset.session;
  const L = JSON.parse(root.dataset.labels);
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const $ = (id) => document.getElementById(id);
  const canvas = $('sea-canvas');
  const ctx = canvas.getContext('2d');
  const W = 1600;
  const H = 900;
  const SEATS = [
    { x: 420, y: H },
    { x: 1180, y: H },
    { x: 1180, y: 0 },
    { x: 420, y: 0 },
  ];
  // A phone held upright turns the sea a quarter (below): the cannons then sit on the sea's short
  // edges, so that seats 1 and 2 are at the bottom of the screen and seats 3 and 4 at the top, in the
  // same order round the table as on a landscape screen.
  const UPRIGHT_SEATS = [
    { x: W, y: H * 0.75 },
    { x: W, y: H * 0.25 },
    { x: 0, y: H * 0.25 },
    { x: 0, y: H * 0.75 },
  ];
  const seatPoint = (index) => (geometry?.rotated ? UPRIGHT_SEATS[index] : SEATS[index]);
  const COLORS = ['#facc15', '#38bdf8', '#f472b6', '#4ade80'];
  const ART = {
    MINNOW: { body: '#93c5fd', fin: '#60a5fa', len: 1.6 },
    CLOWNFISH: { body: '#fb923c', fin: '#ffffff', len: 1.5, stripes: '#ffffff' },
    PUFFER: { body: '#fde047', fin: '#eab308', len: 1.1, spikes: true },
    ANGELFISH: { body: '#c084fc', fin: '#a855f7', len: 1.2, tall: true },
    LANTERN: { body: '#1e3a8a', fin: '#3b82f6', len: 1.5, lamp: true },
    TURTLE: { body: '#65a30d', fin: '#84cc16', len: 1.3, shell: true },
    RAY: { body: '#475569', fin: '#64748b', len: 1.0, wide: true },
    SWORDFISH: { body: '#0ea5e9', fin: '#0369a1', len: 2.2, sword: true },
    SHARK: { body: '#94a3b8', fin: '#64748b', len: 2.0, teeth: true },
    GOLDEN_CRAB: { body: '#f59e0b', fin: '#fbbf24', len: 1.1, crab: true, glow: '#fde68a' },
    LUCKY_TOAD: { body: '#16a34a', fin: '#fbbf24', len: 1.1, toad: true, glow: '#fde68a' },
    KRAKEN: { body: '#be123c', fin: '#9f1239', len: 1.3, kraken: true, glow: '#fda4af' },
    DRAGON_KING: { body: '#dc2626', fin: '#facc15', len: 2.4, dragon: true, glow: '#fde047' },
  };

  let state = null;
  let offset = 0;
  let level = 0;
  let weapon = 'CANNON';
  let base = null;
  const pending = new Map(); // batchId → { stake, win }
  const dead = new Map(); // fishId → time of death (for the fade)
  const bullets = [];
  const bursts = [];
  let geometry = { rotated: false, s: 1, ox: 0, oy: 0, ratio: 1 };
  let holding = null;

  const serverNow = () => Date.now() + offset;
  const fmt = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: scale });
  const say = (text) => {
    $('message').textContent = text || '';
  };

  async function post(action, body) {
    const response = await fetch(`/game/${game}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, ...body }),
    });
    return response.json().catch(() => ({ status: 'ERROR' }));
  }

  function showBalance() {
    if (base === null) return;
    let shown = base;
    for (const b of pending.values()) shown += b.win - b.stake;
    $('balance').textContent = fmt(shown);
  }
  async function refreshBalance() {
    const answer = await post('balance', {});
    if (answer.status === 'OK') {
      base = answer.balance;
      showBalance();
    }
  }

  // ---- the sea's geometry: landscape as is, portrait turned a quarter ------------------------
  function resize() {
    const box = canvas.parentElement.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(box.width * ratio);
    canvas.height = Math.round(box.height * ratio);
    const rotated = box.height > box.width * 1.1;
    const sw = rotated ? H : W;
    const sh = rotated ? W : H;
    const s = Math.min(canvas.width / sw, canvas.height / sh);
    geometry = { rotated, s, ox: (canvas.width - sw * s) / 2, oy: (canvas.height - sh * s) / 2, ratio };
  }
  function toSea(clientX, clientY) {
    const box = canvas.getBoundingClientRect();
    const px = (clientX - box.left) * geometry.ratio;
    const py = (clientY - box.top) * geometry.ratio;
    const u = (px - geometry.ox) / geometry.s;
    const v = (py - geometry.oy) / geometry.s;
    // Rotated: the sea's x runs down the screen and its y from right to left (bottom seats on the left).
    const p = geometry.rotated ? { x: v, y: H - u } : { x: u, y: v };
    return { x: Math.max(0, Math.min(W, p.x)), y: Math.max(0, Math.min(H, p.y)) };
  }
  /** A sea point in canvas pixels (for text, which is drawn upright whichever way the sea is turned). */
  function toCanvas(p) {
    const u = geometry.rotated ? H - p.y : p.x;
    const v = geometry.rotated ? p.x : p.y;
    return { x: geometry.ox + u * geometry.s, y: geometry.oy + v * geometry.s };
  }
  function applySeaTransform() {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.translate(geometry.ox, geometry.oy);
    ctx.scale(geometry.s, geometry.s);
    if (geometry.rotated) {
      ctx.translate(H, 0);
      ctx.rotate(Math.PI / 2);
    }
  }

  // ---- fish paths (the server's Bézier) ------------------------------------------------------
  function at(fish, t) {
    const u = (t - fish.spawnAt) / fish.duration;
    if (u < 0 || u > 1) return null;
    const v = 1 - u;
    const [a, b, c, d] = fish.path;
    const pt = (k) => v * v * v * a[k] + 3 * v * v * u * b[k] + 3 * v * u * u * c[k] + u * u * u * d[k];
    const dt = (k) => 3 * v * v * (b[k] - a[k]) + 6 * v * u * (c[k] - b[k]) + 3 * u * u * (d[k] - c[k]);
    return { x: pt('x'), y: pt('y'), angle: Math.atan2(dt('y'), dt('x')) };
  }
  const kindOf = (code) => state?.fishKinds.find((k) => k.code === code);
  const waveTime = () => (state?.wave ? serverNow() - state.wave.startedAt : -1);

  function fishAt(point) {
    if (!state?.wave) return null;
    const t = waveTime();
    let best = null;
    for (const fish of state.wave.fish) {
      if (dead.has(fish.id)) continue;
      const p = at(fish, t);
      if (!p) continue;
      const r = (kindOf(fish.kind)?.radius ?? 30) + 24;
      const d = Math.hypot(p.x - point.x, p.y - point.y);
      if (d <= r && (!best || d < best.d)) best = { id: fish.id, d };
    }
    return best?.id;
  }

  // ---- drawing ---------------------------------------------------------------------------------
  function drawFish(kind, r, time) {
    const art = ART[kind] || ART.MINNOW;
    const len = r * art.len;
    const wag = Math.sin(time / 120) * 0.25;
    if (art.glow) {
      ctx.shadowColor = art.glow;
      ctx.shadowBlur = 24;
    }
    ctx.fillStyle = art.fin;
    ctx.beginPath(); // tail
    ctx.moveTo(-len * 0.8, 0);
    ctx.lineTo(-len * 1.25, -r * (0.6 + wag));
    ctx.lineTo(-len * 1.25, r * (0.6 - wag));
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = art.body;
    ctx.beginPath();
    if (art.crab) {
      ctx.ellipse(0, 0, r * 0.9, r * 0.7, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = art.fin;
      ctx.lineWidth = r * 0.12;
      for (const side of [-1, 1]) {
        for (let i = -1; i <= 1; i++) {
          ctx.beginPath();
          ctx.moveTo(i * r * 0.4, side * r * 0.6);
          ctx.lineTo(i * r * 0.6, side * r * (1.1 + Math.abs(wag)));
          ctx.stroke();
        }
        ctx.beginPath();
        ctx.arc(r * 1.0, side * r * 0.55, r * 0.3, 0, Math.PI * 2);
        ctx.fill();
      }
    } else if (art.kraken) {
      ctx.arc(r * 0.3, 0, r * 0.7, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = art.body;
      ctx.lineWidth = r * 0.16;
      for (let i = -3; i <= 3; i++) {
        ctx.beginPath();
        ctx.moveTo(-r * 0.2, i * r * 0.15);
        ctx.quadraticCurveTo(-r * 0.9, i * r * 0.35 + Math.sin(time / 200 + i) * r * 0.3, -r * 1.5, i * r * 0.4);
        ctx.stroke();
      }
    } else {
      const tall = art.tall ? 1.1 : art.wide ? 1.2 : art.toad ? 0.85 : 0.55;
      ctx.ellipse(0, 0, len, r * tall, 0, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.shadowBlur = 0;
    if (art.stripes) {
      ctx.fillStyle = art.stripes;
      for (const x of [-0.35, 0.25]) ctx.fillRect(len * x, -r * 0.5, r * 0.22, r);
    }
    if (art.shell) {
      ctx.fillStyle = '#3f6212';
      ctx.beginPath();
      ctx.ellipse(-len * 0.1, 0, len * 0.7, r * 0.42, 0, 0, Math.PI * 2);
      ctx.fill();
    }
    if (art.spikes) {
      ctx.strokeStyle = art.fin;
      ctx.lineWidth = 2;
      for (let a = 0; a < Math.PI * 2; a += Math.PI / 6) {
        ctx.beginPath();
        ctx.moveTo(Math.cos(a) * len * 0.95, Math.sin(a) * r * 0.5);
        ctx.lineTo(Math.cos(a) * len * 1.2, Math.sin(a) * r * 0.75);
        ctx.stroke();
      }
    }
    if (art.sword) {
      ctx.strokeStyle = art.fin;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(len * 0.9, 0);
      ctx.lineTo(len * 1.6, 0);
      ctx.stroke();
    }
    if (art.lamp) {
      ctx.strokeStyle = '#93c5fd';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(len * 0.5, -r * 0.4);
      ctx.quadraticCurveTo(len * 0.9, -r * 1.2, len * 1.1, -r * 0.8);
      ctx.stroke();
      ctx.fillStyle = '#fef08a';
      ctx.beginPath();
      ctx.arc(len * 1.1, -r * 0.8, r * 0.18, 0, Math.PI * 2);
      ctx.fill();
    }
    if (art.dragon) {
      ctx.fillStyle = art.fin;
      for (let i = -2; i <= 2; i++) {
        ctx.beginPath();
        ctx.moveTo(i * len * 0.3, -r * 0.5);
        ctx.lineTo(i * len * 0.3 + r * 0.2, -r * 1.0);
        ctx.lineTo(i * len * 0.3 + r * 0.4, -r * 0.5);
        ctx.fill();
      }
      ctx.strokeStyle = art.fin;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(len * 0.9, -r * 0.2);
      ctx.quadraticCurveTo(len * 1.3, -r * 0.9 + wag * r, len * 1.5, -r * 0.6);
      ctx.stroke();
    }
    if (art.teeth) {
      ctx.fillStyle = '#fff';
      ctx.beginPath();
      ctx.moveTo(len * 0.6, r * 0.1);
      ctx.lineTo(len * 0.95, r * 0.05);
      ctx.lineTo(len * 0.75, r * 0.25);
      ctx.fill();
      ctx.fillStyle = art.fin; // dorsal fin
      ctx.beginPath();
      ctx.moveTo(-len * 0.1, -r * 0.45);
      ctx.lineTo(len * 0.1, -r * 1.1);
      ctx.lineTo(len * 0.3, -r * 0.45);
      ctx.fill();
    }
    if (!art.kraken) {
      ctx.fillStyle = '#fff';
      ctx.beginPath();
      ctx.arc(len * 0.55, -r * 0.15, Math.max(2.5, r * 0.16), 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#0f172a';
      ctx.beginPath();
      ctx.arc(len * 0.58, -r * 0.15, Math.max(1.2, r * 0.08), 0, Math.PI * 2);
      ctx.fill();
    } else {
      ctx.fillStyle = '#fff';
      for (const y of [-0.25, 0.25]) {
        ctx.beginPath();
        ctx.arc(r * 0.6, y * r, r * 0.14, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }

  function drawCannon(seat, index, isMe, time) {
    const p = seatPoint(index);
    ctx.save();
    ctx.translate(p.x, p.y);
    // Seats 3 and 4 are at the top of the screen: their labels go below the cannon, the others' above.
    const up = index >= 2 ? 1 : -1;
    ctx.fillStyle = isMe ? '#1e293b' : '#0f172a';
    ctx.strokeStyle = COLORS[index];
    ctx.lineWidth = isMe ? 6 : 3;
    ctx.beginPath();
    ctx.arc(0, 0, 70, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    const aim = seat.aim ?? { x: W / 2, y: H / 2 };
    const angle = Math.atan2(aim.y - p.y, aim.x - p.x);
    ctx.rotate(angle);
    ctx.fillStyle = COLORS[index];
    const barrels = seat.weapon === 'LIGHTNING' ? 3 : seat.weapon === 'NET' ? 2 : 1;
    for (let i = 0; i < barrels; i++) ctx.fillRect(20, -12 + (i - (barrels - 1) / 2) * 16, 80, 14);
    ctx.restore();
    // The labels upright in screen space, on the screen's side of the cannon towards the middle.
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const c = toCanvas(p);
    const s = geometry.s;
    // Readable on a small sea: at least 12 CSS pixels, just clear of the cannon's ring.
    const size = Math.max(26 * s, 12 * geometry.ratio);
    const gap = 72 * s + size * 0.8;
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.round(size)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(`${isMe ? L.you : seat.player} · ${fmt(seat.level)}`, c.x, c.y + up * gap);
    if (seat.win && time - seat.winAt < 2000) {
      ctx.fillStyle = '#fde047';
      ctx.font = `bold ${Math.round(size * 1.3)}px system-ui, sans-serif`;
      ctx.fillText(`+${fmt(seat.win)}`, c.x, c.y + up * (gap + size * 1.5));
    }
    ctx.restore();
  }

  function frame() {
    const time = performance.now();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#020617';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    applySeaTransform();
    // Nothing is drawn outside the sea (fish swim in and out of its edges).
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, W, H);
    ctx.clip();
    const sea = ctx.createLinearGradient(0, 0, 0, H);
    sea.addColorStop(0, '#0c4a6e');
    sea.addColorStop(1, '#082f49');
    ctx.fillStyle = sea;
    ctx.fillRect(0, 0, W, H);
    ctx.globalAlpha = 0.08;
    ctx.fillStyle = '#e0f2fe';
    for (let i = 0; i < 8; i++) {
      const x = ((i * 230 + time / 40) % (W + 200)) - 100;
      ctx.beginPath();
      ctx.ellipse(x, 140 + ((i * 97) % 600), 120, 14, 0.3, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, W, H);
    ctx.clip();
    if (state?.wave) {
      const t = waveTime();
      for (const fish of state.wave.fish) {
        const p = at(fish, t);
        if (!p) continue;
        const died = dead.get(fish.id);
        if (died !== undefined && time - died > 600) continue;
        ctx.save();
        ctx.translate(p.x, p.y);
        if (Math.abs(p.angle) > Math.PI / 2) {
          ctx.rotate(p.angle + Math.PI);
          ctx.scale(-1, 1);
        } else ctx.rotate(p.angle);
        if (died !== undefined) {
          ctx.globalAlpha = Math.max(0, 1 - (time - died) / 600);
          ctx.rotate((time - died) / 60);
        }
        drawFish(fish.kind, kindOf(fish.kind)?.radius ?? 30, time + fish.id * 97);
        ctx.restore();
      }
    }
    for (let i = bullets.length - 1; i >= 0; i--) {
      const b = bullets[i];
      const u = (time - b.at) / 220;
      if (u >= 1) {
        bullets.splice(i, 1);
        continue;
      }
      ctx.fillStyle = COLORS[b.seat] ?? '#fff';
      ctx.beginPath();
      ctx.arc(b.from.x + (b.to.x - b.from.x) * u, b.from.y + (b.to.y - b.from.y) * u, b.weapon === 'CANNON' ? 9 : 14, 0, Math.PI * 2);
      ctx.fill();
    }
    for (let i = bursts.length - 1; i >= 0; i--) {
      const b = bursts[i];
      const age = time - b.at;
      if (age > 1400) {
        bursts.splice(i, 1);
        continue;
      }
      ctx.globalAlpha = 1 - age / 1400;
      if (b.net) {
        ctx.strokeStyle = b.color;
        ctx.lineWidth = 3;
        ctx.beginPath();
        ctx.arc(b.x, b.y, 30 + age / 8, 0, Math.PI * 2);
        ctx.stroke();
      }
      if (b.text) {
        ctx.fillStyle = '#fde047';
        ctx.font = 'bold 40px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(b.text, b.x, b.y - age / 20);
        for (let k = 0; k < 6; k++) {
          const a = (k / 6) * Math.PI * 2 + age / 300;
          ctx.beginPath();
          ctx.arc(b.x + (Math.cos(a) * age) / 10, b.y + (Math.sin(a) * age) / 10, 8, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      ctx.globalAlpha = 1;
    }
    ctx.restore();
    if (state) for (const seat of state.seats) drawCannon(seat, seat.seat, seat.seat === state.mySeat, time);
    if (state && !state.wave) {
      ctx.fillStyle = '#e0f2fe';
      ctx.font = 'bold 44px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText(L.waveSoon, W / 2, H / 2);
    }
    ctx.restore();
    requestAnimationFrame(frame);
  }

  // ---- controls ------------------------------------------------------------------------------
  function renderControls() {
    if (!state) return;
    $('level').textContent = fmt(state.levels[level]);
    const box = $('weapons');
    box.replaceChildren(
      ...state.weapons.map((w) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.setAttribute('role', 'radio');
        button.setAttribute('aria-checked', String(w.code === weapon));
        button.dataset.weapon = w.code;
        button.textContent = L.weapons[w.code];
        button.addEventListener('click', () => {
          weapon = w.code;
          renderControls();
        });
        return button;
      }),
    );
  }
  function renderPays() {
    const list = $('pays');
    list.replaceChildren(
      ...state.fishKinds.map((k) => {
        const li = document.createElement('li');
        const pay = k.multiplier !== null ? `×${k.multiplier}` : `×${k.bonus[0]}–${k.bonus[1]} (${L.bonusTitle})`;
        li.textContent = `${L.fish[k.code] || k.code}: ${pay}${k.tier === 'boss' ? ` (${L.bossTitle})` : ''}`;
        return li;
      }),
    );
  }
  $('level-down').addEventListener('click', () => {
    level = Math.max(0, level - 1);
    renderControls();
  });
  $('level-up').addEventListener('click', () => {
    if (state) level = Math.min(state.levels.length - 1, level + 1);
    renderControls();
  });

  let inFlight = 0;
  async function fire(point, target) {
    if (!state || state.mySeat === null || inFlight >= 3) return;
    inFlight++;
    const me = state.seats.find((s) => s.seat === state.mySeat);
    if (me) me.aim = point;
    try {
      const answer = await post('shoot', {
        weapon,
        level: state.levels[level],
        target: target ?? null,
        x: Math.round(point.x),
        y: Math.round(point.y),
      });
      if (answer.status !== 'OK') {
        say(L.errors[answer.status] || L.errors.ERROR);
        return;
      }
      say('');
      const b = pending.get(answer.batchId) ?? { stake: 0, win: 0 };
      b.stake += answer.shot.stake;
      b.win += answer.shot.win;
      pending.set(answer.batchId, b);
      showBalance();
    } catch {
      say(L.errors.ERROR);
    } finally {
      inFlight--;
    }
  }
  function fireAt(clientX, clientY) {
    const point = toSea(clientX, clientY);
    fire(point, fishAt(point));
  }
  canvas.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    holding = { x: event.clientX, y: event.clientY };
    fireAt(event.clientX, event.clientY);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (holding) holding = { x: event.clientX, y: event.clientY };
  });
  for (const name of ['pointerup', 'pointercancel', 'pointerleave']) canvas.addEventListener(name, () => (holding = null));
  setInterval(() => {
    if (holding) fireAt(holding.x, holding.y);
    else if ($('auto-fire').checked && state?.wave) {
      const t = waveTime();
      const swimming = state.wave.fish.filter(
        (f) => !dead.has(f.id) && at(f, t) && at(f, t).x > 60 && at(f, t).x < W - 60 && at(f, t).y > 60 && at(f, t).y < H - 60,
      );
      const fish = swimming.sort((a, b) => (kindOf(b.kind)?.radius ?? 0) - (kindOf(a.kind)?.radius ?? 0))[0];
      if (fish) fire(at(fish, t), fish.id);
    }
  }, 250);

  // ---- the room's events ---------------------------------------------------------------------
  function onState(snapshot) {
    offset = snapshot.serverNow - Date.now();
    const keep = state?.seats ?? [];
    state = snapshot;
    for (const seat of state.seats) Object.assign(seat, { aim: keep.find((s) => s.seat === seat.seat)?.aim });
    dead.clear();
    for (const id of snapshot.wave?.dead ?? []) dead.set(id, 0);
    if (snapshot.balance !== null && base === null) base = snapshot.balance;
    $('wave-no').textContent = snapshot.wave ? `${snapshot.room} · #${snapshot.wave.no}` : '–';
    $('commitment').textContent = snapshot.wave?.commitment ?? '';
    renderControls();
    renderPays();
    showBalance();
  }
  const events = new EventSource(`/game/${game}/events?session=${encodeURIComponent(session)}`);
  events.addEventListener('state', (e) => onState(JSON.parse(e.data)));
  events.addEventListener('seat', (e) => {
    const event = JSON.parse(e.data);
    if (!state) return;
    const old = state.seats;
    state.seats = event.seats.map((s) => ({ ...old.find((o) => o.seat === s.seat), ...s }));
  });
  events.addEventListener('wave', (e) => {
    const event = JSON.parse(e.data);
    if (!state) return;
    offset = event.serverNow - Date.now();
    state.wave = event.wave;
    dead.clear();
    $('wave-no').textContent = `${event.room} · #${event.wave.no}`;
    $('commitment').textContent = event.wave.commitment;
  });
  events.addEventListener('wave-end', () => {
    if (state) state.wave = null;
  });
  events.addEventListener('shot', (e) => {
    const event = JSON.parse(e.data);
    if (!state) return;
    const now = performance.now();
    let seat = state.seats.find((s) => s.seat === event.seat);
    if (!seat) {
      seat = { seat: event.seat, player: event.player, level: event.level, weapon: event.weapon };
      state.seats.push(seat);
    }
    Object.assign(seat, { aim: event.aim, level: event.level, weapon: event.weapon });
    bullets.push({ seat: event.seat, weapon: event.weapon, from: seatPoint(event.seat), to: event.aim, at: now });
    const t = waveTime();
    for (const hit of event.hits) {
      const fish = state.wave?.fish.find((f) => f.id === hit.fishId);
      const p = fish ? at(fish, t) : null;
      if (!p) continue;
      if (event.weapon !== 'CANNON') bursts.push({ x: p.x, y: p.y, at: now, net: true, color: COLORS[event.seat] });
      if (hit.killed) {
        dead.set(hit.fishId, now + 220);
        bursts.push({ x: p.x, y: p.y, at: now + 220, text: `×${hit.multiplier}` });
      }
    }
    if (event.win > 0) {
      seat.win = event.win;
      seat.winAt = now;
      if (event.seat === state.mySeat) $('last-win').textContent = fmt(event.win);
    }
  });
  events.addEventListener('batch', (e) => {
    const event = JSON.parse(e.data);
    if (!state || event.seat !== state.mySeat || !pending.has(event.batchId)) return;
    pending.delete(event.batchId);
    if (event.status === 'void') say(L.void);
    refreshBalance();
  });

  window.addEventListener('resize', resize);
  resize();
  requestAnimationFrame(frame);
})();
