/** A token's animation, playing on its page: an animated WebP or GIF as an image, an MP4 as a muted looping video with the poster. */
export function TokenAnimation({
  src,
  poster,
  label,
  width,
  height,
  className,
}: {
  src: string;
  poster: string;
  label: string;
  width: number;
  height: number;
  className?: string;
}) {
  if (src.endsWith('.mp4')) {
    return (
      <video
        src={src}
        poster={poster}
        aria-label={label}
        width={width}
        height={height}
        className={className}
        autoPlay
        loop
        muted
        playsInline
        controls
        data-testid="token-animation"
      />
    );
  }
  return (
    <img
      src={src}
      alt={label}
      width={width}
      height={height}
      className={className}
      data-testid="token-animation"
    />
  );
}

/** The animation's file name (`N.webp`, `N.gif`, `N.mp4`) from its URL. */
export function animationFileName(src: string): string {
  return src.slice(src.lastIndexOf('/') + 1);
}
