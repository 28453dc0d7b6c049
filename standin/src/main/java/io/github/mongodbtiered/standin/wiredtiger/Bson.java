package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.bson.BsonDecoder;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** Documents to and from the BSON bytes stored as WiredTiger values (MongoDB's record format). */
final class Bson {
  private Bson() {}

  static byte[] encode(Document document) {
    ByteBuf buffer = Unpooled.buffer(256);
    try {
      BsonEncoder.encodeDocument(document, buffer);
      byte[] bytes = new byte[buffer.readableBytes()];
      buffer.readBytes(bytes);
      return bytes;
    } finally {
      buffer.release();
    }
  }

  static Document decode(byte[] bytes) {
    return BsonDecoder.decodeBson(Unpooled.wrappedBuffer(bytes));
  }
}
