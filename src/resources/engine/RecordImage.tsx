import { Image } from 'antd';

/** A record's picture on its page, opening full size on a click (antd Image, loaded with it). */
export default function RecordImage({ src, alt }: { src: string; alt: string }) {
  return <Image src={src} alt={alt} width={240} className="record-image" />;
}
