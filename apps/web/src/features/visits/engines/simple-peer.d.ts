// The prebuilt browser bundle of simple-peer (its main entry needs Node polyfills under Vite).
declare module 'simple-peer/simplepeer.min.js' {
  import SimplePeer from 'simple-peer';
  export default SimplePeer;
}
