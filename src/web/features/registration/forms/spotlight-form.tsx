import { buttonClass } from '../../../ui/button-class';
import { useEffect, useRef, useState } from 'react';
import { FORM_COPY } from '../copy';
import { Heading, type HeadingLevel } from './form-parts';

export const SPOTLIGHT_VIDEO_SRC = '/media/candidate-spotlight-intro.webm';
export const SPOTLIGHT_IMAGE_SRC = '/media/candidate-spotlight-intro.svg';
/** Spec 9: the video starts after 2 seconds; media readiness falls back to the image at 3 seconds. */
export const VIDEO_START_DELAY_MS = 2000;
export const MEDIA_READY_TIMEOUT_MS = 3000;

export interface SpotlightFormProps {
  headingId: string;
  headingLevel: HeadingLevel;
  videoSrc?: string;
  imageSrc?: string;
  onConfirm(): void;
  onSkip(): void;
}

type Media = 'video' | 'image' | 'failed';

export function SpotlightForm({ videoSrc = SPOTLIGHT_VIDEO_SRC, imageSrc = SPOTLIGHT_IMAGE_SRC, ...props }: SpotlightFormProps) {
  const [media, setMedia] = useState<Media>('video');
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (media !== 'video') return;
    const start = setTimeout(() => {
      void videoRef.current?.play().catch(() => undefined);
    }, VIDEO_START_DELAY_MS);
    const readiness = setTimeout(() => {
      const video = videoRef.current;
      // HAVE_CURRENT_DATA: a frame can be shown. Otherwise show the still image instead.
      if (!video || video.readyState < 2) setMedia('image');
    }, MEDIA_READY_TIMEOUT_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(readiness);
    };
  }, [media]);

  return (
    <div className="reg-form reg-spotlight">
      <p className="reg-badge">{FORM_COPY.earlyAccess}</p>
      <Heading id={props.headingId} level={props.headingLevel}>
        {FORM_COPY.spotlightTitle}
      </Heading>
      <p className="reg-form__subcopy">{FORM_COPY.spotlightText}</p>
      <div className="reg-spotlight__media">
        {media === 'video' ? (
          <video
            ref={videoRef}
            className="reg-spotlight__video"
            src={videoSrc}
            poster={imageSrc}
            muted
            playsInline
            loop
            preload="auto"
            aria-label="Candidate spotlight introduction video"
            onError={() => setMedia('image')}
          />
        ) : null}
        {media === 'image' ? (
          <img className="reg-spotlight__video" src={imageSrc} alt="A job seeker recording a short video introduction on a phone" onError={() => setMedia('failed')} />
        ) : null}
        {media === 'failed' ? (
          <p className="reg-spotlight__failed" role="status">
            {FORM_COPY.mediaFailed}
          </p>
        ) : null}
      </div>
      <button type="button" className={buttonClass('primary')} onClick={props.onConfirm}>
        {FORM_COPY.seeHowItWorks}
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={props.onSkip}>
        {FORM_COPY.skipForNow}
      </button>
    </div>
  );
}
