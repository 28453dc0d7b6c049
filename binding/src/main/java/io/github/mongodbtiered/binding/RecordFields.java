package io.github.mongodbtiered.binding;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonBinaryWriter;
import org.bson.BsonReader;
import org.bson.BsonReaderMark;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Binary;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * A stored record's fields as YCSB reads and writes them. Records are stored as the stock {@code
 * mongodb} binding stores them ({@code _id} = key, each field a BSON binary); fields another loader
 * stored as other types are read as the UTF-8 of their string form.
 *
 * <p>Its {@link Codec} decodes the server's reply straight into field names and byte arrays: going
 * through {@link Document} would build a {@link Binary} per field and copy its bytes again on the
 * way out ({@link Binary#getData()} clones), which on the read path costs more client CPU than the
 * binding's own code.
 */
final class RecordFields {
  private String[] names = new String[16];
  private byte[][] values = new byte[16][];
  private int size;

  private void add(String name, byte[] value) {
    if (size == names.length) {
      names = Arrays.copyOf(names, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    names[size] = name;
    values[size] = value;
    size++;
  }

  /** Every field but {@code _id} into {@code result}. */
  void copyTo(Map<String, ByteIterator> result) {
    for (int i = 0; i < size; i++) {
      result.put(names[i], new ByteArrayByteIterator(values[i]));
    }
  }

  /** The fields of a record decoded as a {@link Document}. */
  static RecordFields of(Document doc) {
    RecordFields r = new RecordFields();
    for (Map.Entry<String, Object> e : doc.entrySet()) {
      if (!"_id".equals(e.getKey())) {
        r.add(e.getKey(), bytes(e.getValue()));
      }
    }
    return r;
  }

  /** Field bytes: binary as stored by YCSB; strings (from other loaders) as UTF-8. */
  private static byte[] bytes(Object value) {
    if (value instanceof Binary b) {
      return b.getData();
    }
    if (value instanceof byte[] b) {
      return b;
    }
    return String.valueOf(value).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A record as the stock binding stores it ({@code _id} the key, each field a BSON binary of its
   * bytes, in the map's order), encoded straight to BSON: the driver sends its bytes as they are,
   * where a {@link Document} would be walked and each value's codec looked up on every insert.
   */
  static RawBsonDocument encode(String key, Map<String, ByteIterator> values) {
    BasicOutputBuffer out = new BasicOutputBuffer(64 + key.length() + 128 * values.size());
    try (BsonBinaryWriter w = new BsonBinaryWriter(out)) {
      w.writeStartDocument();
      w.writeString("_id", key);
      for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
        w.writeBinaryData(e.getKey(), new BsonBinary(e.getValue().toArray()));
      }
      w.writeEndDocument();
    }
    return new RawBsonDocument(out.getInternalBuffer(), 0, out.getPosition());
  }

  /** {@code base} with this codec first, so that {@code find(filter, RecordFields.class)} works. */
  static CodecRegistry registry(CodecRegistry base) {
    return CodecRegistries.fromRegistries(
        CodecRegistries.fromCodecs(new Codec(base.get(Document.class))), base);
  }

  /**
   * Decodes a record whose fields are all binary without building a {@link Document}; a record with
   * a field of another type is read again, from its start, as a {@link Document}, so it reads
   * exactly as {@link #of(Document)} gives it. Decoding only: records are written as documents.
   */
  static final class Codec implements org.bson.codecs.Codec<RecordFields> {
    private final org.bson.codecs.Codec<Document> documents;

    Codec(org.bson.codecs.Codec<Document> documents) {
      this.documents = documents;
    }

    @Override
    public RecordFields decode(BsonReader reader, DecoderContext context) {
      BsonReaderMark start = reader.getMark();
      RecordFields r = new RecordFields();
      reader.readStartDocument();
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        String name = reader.readName();
        if (name.equals("_id")) {
          reader.skipValue();
        } else if (reader.getCurrentBsonType() == BsonType.BINARY) {
          r.add(name, reader.readBinaryData().getData());
        } else {
          start.reset();
          return of(documents.decode(reader, context));
        }
      }
      reader.readEndDocument();
      return r;
    }

    @Override
    public void encode(BsonWriter writer, RecordFields value, EncoderContext context) {
      throw new UnsupportedOperationException("records are written as documents");
    }

    @Override
    public Class<RecordFields> getEncoderClass() {
      return RecordFields.class;
    }
  }
}
