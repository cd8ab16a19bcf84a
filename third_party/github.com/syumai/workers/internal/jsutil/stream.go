package jsutil

import (
	"bytes"
	"fmt"
	"io"
	"sync" // qrkeyless patch
	"syscall/js"
)

type RawJSBodyWriter interface {
	WriteRawJSBody(body js.Value)
}

type RawJSBodyGetter interface {
	GetRawJSBody() js.Value
}

// readableStreamToReadCloser implements io.Reader sourced from ReadableStreamDefaultReader.
//   - ReadableStreamDefaultReader: https://developer.mozilla.org/en-US/docs/Web/API/ReadableStreamDefaultReader
//   - This implementation is based on: https://deno.land/std@0.139.0/streams/conversion.ts#L76
type readableStreamToReadCloser struct {
	buf          bytes.Buffer
	stream       js.Value
	streamReader *js.Value
}

var (
	_ io.ReadCloser   = (*readableStreamToReadCloser)(nil)
	_ io.WriterTo     = (*readableStreamToReadCloser)(nil)
	_ RawJSBodyGetter = (*readableStreamToReadCloser)(nil)
)

// Read reads bytes from ReadableStreamDefaultReader.
func (sr *readableStreamToReadCloser) Read(p []byte) (n int, err error) {
	if sr.streamReader == nil {
		r := sr.stream.Call("getReader")
		sr.streamReader = &r
	}
	if sr.buf.Len() == 0 {
		resultCh := make(chan js.Value)
		errCh := make(chan error)
		promise := sr.streamReader.Call("read")
		var then, catch js.Func
		then = js.FuncOf(func(_ js.Value, args []js.Value) any {
			result := args[0]
			if result.Get("done").Bool() {
				errCh <- io.EOF
				return js.Undefined()
			}
			resultCh <- result.Get("value")
			return js.Undefined()
		})
		catch = js.FuncOf(func(_ js.Value, args []js.Value) any {
			result := args[0]
			errCh <- fmt.Errorf("JavaScript error on read: %s", result.Call("toString").String())
			return js.Undefined()
		})
		// qrkeyless patch: both released once the read settles (as in
		// AwaitPromise); the one that never ran used to stay for good.
		defer then.Release()
		defer catch.Release()
		promise.Call("then", then).Call("catch", catch)
		select {
		case result := <-resultCh:
			chunk := make([]byte, result.Get("byteLength").Int())
			_ = js.CopyBytesToGo(chunk, result)
			// The length written is always the same as the length of chunk, so it can be discarded.
			//   - https://pkg.go.dev/bytes#Buffer.Write
			_, err := sr.buf.Write(chunk)
			if err != nil {
				return 0, err
			}
		case err := <-errCh:
			return 0, err
		}
	}
	return sr.buf.Read(p)
}

func (sr *readableStreamToReadCloser) Close() error {
	if sr.streamReader == nil {
		return nil
	}
	sr.streamReader.Call("cancel")
	return nil
}

// readerWrapper is wrapper to disable readableStreamToReadCloser's WriteTo method.
type readerWrapper struct {
	io.Reader
}

func (sr *readableStreamToReadCloser) WriteTo(w io.Writer) (n int64, err error) {
	if w, ok := w.(RawJSBodyWriter); ok {
		w.WriteRawJSBody(sr.stream)
		return 0, nil
	}
	return io.Copy(w, &readerWrapper{sr})
}

func (sr *readableStreamToReadCloser) GetRawJSBody() js.Value {
	return sr.stream
}

// ConvertReadableStreamToReadCloser converts ReadableStream to io.ReadCloser.
func ConvertReadableStreamToReadCloser(stream js.Value) io.ReadCloser {
	return &readableStreamToReadCloser{
		stream: stream,
	}
}

// readerToReadableStream implements ReadableStream sourced from io.ReadCloser.
//   - ReadableStream: https://developer.mozilla.org/docs/Web/API/ReadableStream
//   - This implementation is based on: https://deno.land/std@0.139.0/streams/conversion.ts#L230
type readerToReadableStream struct {
	initialized bool
	reader      io.ReadCloser
	chunkBuf    []byte
	release     func() // qrkeyless patch: releases pull and cancel once the stream is done
}

// Pull implements ReadableStream's pull method.
//   - https://developer.mozilla.org/en-US/docs/Web/API/ReadableStream/ReadableStream#pull
func (rs *readerToReadableStream) Pull(controller js.Value) error {
	if !rs.initialized {
		ua := NewUint8Array(0)
		controller.Call("enqueue", ua)
		rs.initialized = true
		return nil
	}
	n, err := rs.reader.Read(rs.chunkBuf)
	if n != 0 {
		ua := NewUint8Array(n)
		js.CopyBytesToJS(ua, rs.chunkBuf[:n])
		controller.Call("enqueue", ua)
	}
	// Cloudflare Workers sometimes call `pull` to closed ReadableStream.
	// When the call happens, `io.ErrClosedPipe` should be ignored.
	if err == io.EOF || err == io.ErrClosedPipe {
		controller.Call("close")
		rs.release() // qrkeyless patch
		if err := rs.reader.Close(); err != nil {
			return err
		}
		return nil
	}
	if err != nil {
		controller.Call("error", Error(err.Error()))
		rs.release() // qrkeyless patch
		if err := rs.reader.Close(); err != nil {
			return err
		}
		return err
	}
	return nil
}

// Cancel implements ReadableStream's cancel method.
//   - https://developer.mozilla.org/en-US/docs/Web/API/ReadableStream/ReadableStream#cancel
func (rs *readerToReadableStream) Cancel() error {
	rs.release() // qrkeyless patch
	return rs.reader.Close()
}

// https://deno.land/std@0.139.0/streams/conversion.ts#L5
const defaultChunkSize = 16_640

// ConvertReaderToReadableStream converts io.ReadCloser to ReadableStream.
func ConvertReaderToReadableStream(reader io.ReadCloser) js.Value {
	stream := &readerToReadableStream{
		reader:   reader,
		chunkBuf: make([]byte, defaultChunkSize),
	}
	// qrkeyless patch: pull and cancel are released when the stream closes,
	// errors or is cancelled; they were never released, and pull holds the
	// 16 KiB chunk buffer, so every response streamed without a
	// Content-Length kept about 19 KB. The stream calls neither once it is
	// closed or cancelled; a late call finds a released function, which
	// syscall/js answers with undefined and a console message.
	var pull, cancel js.Func
	var once sync.Once
	stream.release = func() { once.Do(func() { pull.Release(); cancel.Release() }) }
	rsInit := NewObject()
	pull = js.FuncOf(func(_ js.Value, args []js.Value) any {
		var cb js.Func
		cb = js.FuncOf(func(this js.Value, pArgs []js.Value) any {
			defer cb.Release()
			resolve := pArgs[0]
			reject := pArgs[1]
			controller := args[0]
			go func() {
				err := stream.Pull(controller)
				if err != nil {
					reject.Invoke(Error(err.Error()))
					return
				}
				resolve.Invoke()
			}()
			return js.Undefined()
		})
		return NewPromise(cb)
	})
	cancel = js.FuncOf(func(js.Value, []js.Value) any {
		var cb js.Func
		cb = js.FuncOf(func(this js.Value, pArgs []js.Value) any {
			defer cb.Release()
			resolve := pArgs[0]
			reject := pArgs[1]
			go func() {
				err := stream.Cancel()
				if err != nil {
					reject.Invoke(Error(err.Error()))
					return
				}
				resolve.Invoke()
			}()
			return js.Undefined()
		})
		return NewPromise(cb)
	})
	rsInit.Set("pull", pull)     // qrkeyless patch: named, to be released
	rsInit.Set("cancel", cancel) // qrkeyless patch: named, to be released
	return ReadableStreamClass.New(rsInit)
}

// ConvertReaderToFixedLengthStream converts io.ReadCloser to TransformStream.
func ConvertReaderToFixedLengthStream(rc io.ReadCloser, size int64) js.Value {
	stream := MaybeFixedLengthStreamClass.New(js.ValueOf(size))
	go func(writer js.Value) {
		defer rc.Close()

		chunk := make([]byte, min(size, defaultChunkSize))
		AwaitPromise(writer.Get("ready"))
		for {
			n, err := rc.Read(chunk)
			if n > 0 {
				b := Uint8ArrayClass.New(n)
				js.CopyBytesToJS(b, chunk[:n])
				writer.Call("write", b)
			}
			if err != nil {
				AwaitPromise(writer.Get("ready"))
				writer.Call("close")
				return
			}
		}
	}(stream.Get("writable").Call("getWriter"))
	return stream.Get("readable")
}
