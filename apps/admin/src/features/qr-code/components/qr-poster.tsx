import './qr-poster.css';

export interface PosterShop {
  name: string;
  /** The logo's URL as this site loads it, or null. */
  logoUrl: string | null;
}

/**
 * The A5 counter poster: the shop's name and logo, its QR code and a line saying what scanning
 * does. Shown only when printing: the page's screen layout is `.no-print`, this `.print-only`.
 */
export function QrPoster({ shop, imageUrl, url }: { shop: PosterShop; imageUrl: string; url: string }) {
  return (
    <section className="print-only qr-poster" aria-label="Printable QR poster">
      {shop.logoUrl && <img className="qr-poster-logo" src={shop.logoUrl} alt="" />}
      <h2 className="qr-poster-name">{shop.name}</h2>
      <p className="qr-poster-call">Scan to claim our offers</p>
      <img className="qr-poster-code" src={imageUrl} alt={`QR code for ${shop.name}`} />
      <p className="qr-poster-hint">
        Point your phone's camera at the code, then claim an offer and show it at the till.
      </p>
      <p className="qr-poster-url">{url}</p>
    </section>
  );
}
