package io.aqueduct.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Struct;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import org.apache.calcite.avatica.util.Cursor;
import org.joou.UByte;
import org.joou.UInteger;
import org.joou.ULong;
import org.joou.UShort;

/**
 * An accessor that hands every call to Avatica's accessor of the same column; the driver's accessors extend it and
 * override the getters they answer differently ({@link TextAccessor}, {@link EpochTimestampAccessor}).
 */
abstract class ForwardingAccessor implements Cursor.Accessor {
    /** Avatica's accessor of the column. */
    protected final Cursor.Accessor delegate;

    ForwardingAccessor(Cursor.Accessor delegate) {
        this.delegate = delegate;
    }

    @Override
    public boolean wasNull() throws SQLException {
        return delegate.wasNull();
    }

    @Override
    public String getString() throws SQLException {
        return delegate.getString();
    }

    @Override
    public boolean getBoolean() throws SQLException {
        return delegate.getBoolean();
    }

    @Override
    public byte getByte() throws SQLException {
        return delegate.getByte();
    }

    @Override
    public UByte getUByte() throws SQLException {
        return delegate.getUByte();
    }

    @Override
    public short getShort() throws SQLException {
        return delegate.getShort();
    }

    @Override
    public UShort getUShort() throws SQLException {
        return delegate.getUShort();
    }

    @Override
    public int getInt() throws SQLException {
        return delegate.getInt();
    }

    @Override
    public UInteger getUInt() throws SQLException {
        return delegate.getUInt();
    }

    @Override
    public long getLong() throws SQLException {
        return delegate.getLong();
    }

    @Override
    public ULong getULong() throws SQLException {
        return delegate.getULong();
    }

    @Override
    public float getFloat() throws SQLException {
        return delegate.getFloat();
    }

    @Override
    public double getDouble() throws SQLException {
        return delegate.getDouble();
    }

    @Override
    public BigDecimal getBigDecimal() throws SQLException {
        return delegate.getBigDecimal();
    }

    @Override
    public BigDecimal getBigDecimal(int scale) throws SQLException {
        return delegate.getBigDecimal(scale);
    }

    @Override
    public byte[] getBytes() throws SQLException {
        return delegate.getBytes();
    }

    @Override
    public InputStream getAsciiStream() throws SQLException {
        return delegate.getAsciiStream();
    }

    @Override
    public InputStream getUnicodeStream() throws SQLException {
        return delegate.getUnicodeStream();
    }

    @Override
    public InputStream getBinaryStream() throws SQLException {
        return delegate.getBinaryStream();
    }

    @Override
    public Object getObject() throws SQLException {
        return delegate.getObject();
    }

    @Override
    public Reader getCharacterStream() throws SQLException {
        return delegate.getCharacterStream();
    }

    @Override
    public Object getObject(Map<String, Class<?>> map) throws SQLException {
        return delegate.getObject(map);
    }

    @Override
    public Ref getRef() throws SQLException {
        return delegate.getRef();
    }

    @Override
    public Blob getBlob() throws SQLException {
        return delegate.getBlob();
    }

    @Override
    public Clob getClob() throws SQLException {
        return delegate.getClob();
    }

    @Override
    public Array getArray() throws SQLException {
        return delegate.getArray();
    }

    @Override
    public Struct getStruct() throws SQLException {
        return delegate.getStruct();
    }

    @Override
    public Date getDate(Calendar calendar) throws SQLException {
        return delegate.getDate(calendar);
    }

    @Override
    public Time getTime(Calendar calendar) throws SQLException {
        return delegate.getTime(calendar);
    }

    @Override
    public Timestamp getTimestamp(Calendar calendar) throws SQLException {
        return delegate.getTimestamp(calendar);
    }

    @Override
    public URL getURL() throws SQLException {
        return delegate.getURL();
    }

    @Override
    public NClob getNClob() throws SQLException {
        return delegate.getNClob();
    }

    @Override
    public SQLXML getSQLXML() throws SQLException {
        return delegate.getSQLXML();
    }

    @Override
    public String getNString() throws SQLException {
        return delegate.getNString();
    }

    @Override
    public Reader getNCharacterStream() throws SQLException {
        return delegate.getNCharacterStream();
    }

    @Override
    public <T> T getObject(Class<T> type) throws SQLException {
        return delegate.getObject(type);
    }
}
