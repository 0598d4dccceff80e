// The VASP directory (interface: VASPs area, "Directory of virtual asset service providers
// recognised for counterparty declarations"; supplement §21).

/** The directory (invented entries, sandbox/README.md); some without url. */
export const VASPS: readonly { vaspName: string; url?: string }[] = [
  'Aurora Custody', 'Basalt Exchange', 'Cinder Wallet', 'Delta Vault', 'Ember Markets', 'Fathom Custody', 'Granite Pay',
  'Helix Exchange', 'Indigo Wallet', 'Juniper Digital', 'Krypton Trust', 'Lodestar Exchange', 'Monsoon Wallet', 'Nimbus Custody',
  'Obsidian Markets', 'Pinnacle Digital', 'Quartz Exchange', 'Riverstone Custody', 'Sable Wallet', 'Tidewater Exchange',
  'Umber Digital', 'Vireo Custody', 'Willow Exchange',
].map((vaspName, i) => (i % 4 === 3 ? { vaspName } : { vaspName, url: `https://${vaspName.toLowerCase().replace(/ /g, '-')}.example` }));
